import { describe, expect, it } from 'vitest';
import type { CanonicalProcess } from '../schemas/canonical';
import { canonicalComparisonKey, canonicalProcessEquals } from './equality';

const base: CanonicalProcess = {
  metaData: { id: 'x', additionalFields: { description: null, properties: {}, metaDataType: 'StreamMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 's', ref: { typ: 'kafka', parameters: [] }, additionalFields: { description: null, layoutData: { x: 0, y: 0 } } },
    { type: 'Filter', id: 'f', expression: { language: 'spel', expression: 'true' }, isDisabled: null, nextFalse: [] },
    { type: 'Sink', id: 'out', ref: { typ: 'kafka', parameters: [] } },
  ],
  additionalBranches: [],
};

const variant = (change: (c: CanonicalProcess) => void): CanonicalProcess => {
  const copy = structuredClone(base);
  change(copy);
  return copy;
};

describe('canonicalProcessEquals', () => {
  it('ignores key order, null versus absent and fields left at their decoding default', () => {
    const same = variant((c) => {
      delete c.additionalBranches;
      c.metaData.additionalFields = { metaDataType: 'StreamMetaData' };
      const filter = c.nodes[1] as { isDisabled?: unknown; nextFalse?: unknown };
      delete filter.isDisabled;
      delete filter.nextFalse;
      c.nodes[0] = { additionalFields: { layoutData: { y: 0, x: 0 } }, ref: { parameters: [], typ: 'kafka' }, id: 's', type: 'Source' };
    });
    expect(canonicalProcessEquals(base, same)).toBe(true);
  });

  it('sees every real change, layout and disabling included', () => {
    expect(canonicalProcessEquals(base, variant((c) => void ((c.nodes[1] as { expression: { expression: string } }).expression.expression = 'false')))).toBe(false);
    expect(canonicalProcessEquals(base, variant((c) => void ((c.nodes[0] as { additionalFields: unknown }).additionalFields = { layoutData: { x: 1, y: 0 } })))).toBe(false);
    expect(canonicalProcessEquals(base, variant((c) => void ((c.nodes[1] as { isDisabled: unknown }).isDisabled = false)))).toBe(false);
    expect(canonicalProcessEquals(base, variant((c) => void (c.metaData.additionalFields.description = 'now described')))).toBe(false);
    expect(canonicalProcessEquals(base, variant((c) => void c.nodes.reverse()))).toBe(false);
  });
});

describe('comparison keys', () => {
  it('keep a user key named like an Object method', () => {
    const withProperty = variant((c) => void (c.metaData.additionalFields.properties = { constructor: 'a', toString: 'b' }));
    const changed = variant((c) => void (c.metaData.additionalFields.properties = { constructor: 'z', toString: 'b' }));
    expect(canonicalComparisonKey(withProperty)).toContain('"constructor":"a"');
    expect(canonicalProcessEquals(withProperty, changed)).toBe(false);
  });
});
