import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@scenaria/vitest-config/random';
import type { CanonicalProcess } from '../schemas/canonical';
import { canonicalComparisonKey, canonicalProcessEquals, jsonComparisonKey, normalize } from './equality';

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

describe('comparison keys written in one pass', () => {
  // The keys are the JSON text of the normalized value: the one-pass writer must give exactly that text.
  const byNormalizedCopy = (value: unknown) => JSON.stringify(normalize(value)) ?? 'undefined';
  const here = dirname(fileURLToPath(import.meta.url));
  const scenarioFiles = [join(here, '../../test/fixtures/scenarios'), join(here, '../../../../../shared/corpus/scenarios')]
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => readdirSync(dir).filter((file) => file.endsWith('.json')).map((file) => join(dir, file)));

  it('equal the text of the normalized copy for every scenario file of the fixtures and the corpus', () => {
    expect(scenarioFiles.length).toBeGreaterThan(5);
    for (const file of scenarioFiles) {
      const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
      expect(jsonComparisonKey(json), file).toBe(byNormalizedCopy(json));
    }
  });

  it('equal it for random JSON with nulls, defaults, array-index keys and keys named like the defaulted ones', () => {
    const random = seededRandom(20261129);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const keys = ['outputs', 'fields', 'nexts', 'showDescription', 'required', 'properties', 'id', 'constructor', 'b', 'a', 'é', '10', '2', '01'];
    const value = (depth: number): unknown => {
      const roll = random();
      if (depth > 4 || roll < 0.3) return pick([null, undefined, false, true, 0, -0, 1.5, '', 'false', 'x"\\\n', '{}', '[]']);
      if (roll < 0.55) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 5) }, () => [pick(keys), value(depth + 1)]));
    };
    for (let run = 0; run < 3000; run++) {
      const json = value(0);
      expect(jsonComparisonKey(json)).toBe(byNormalizedCopy(json));
    }
    expect(canonicalComparisonKey(base)).toBe(byNormalizedCopy(base));
  });
});
