import { describe, expect, it } from 'vitest';
import { computeLayout, nodeSize } from './layout';

describe('computeLayout', () => {
  it('places each successor below its predecessor', () => {
    const positions = computeLayout(['source', 'filter', 'sink'], [
      { from: 'source', to: 'filter' },
      { from: 'filter', to: 'sink' },
    ]);
    const y = (id: string) => positions.get(id)?.y ?? Number.NaN;
    expect(y('source')).toBeLessThan(y('filter'));
    expect(y('filter')).toBeLessThan(y('sink'));
    expect(y('filter') - y('source')).toBeGreaterThanOrEqual(nodeSize.height);
  });

  it('puts branches side by side without overlap', () => {
    const positions = computeLayout(['split', 'a', 'b'], [
      { from: 'split', to: 'a' },
      { from: 'split', to: 'b' },
    ]);
    const a = positions.get('a');
    const b = positions.get('b');
    expect(a?.y).toBe(b?.y);
    expect(Math.abs((a?.x ?? 0) - (b?.x ?? 0))).toBeGreaterThanOrEqual(nodeSize.width);
  });

  it('ignores edges to unknown nodes and returns whole numbers', () => {
    const positions = computeLayout(['only'], [{ from: 'only', to: 'gone' }]);
    const only = positions.get('only');
    expect(Number.isInteger(only?.x)).toBe(true);
    expect(Number.isInteger(only?.y)).toBe(true);
  });
});
