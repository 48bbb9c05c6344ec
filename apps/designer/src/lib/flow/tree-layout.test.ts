import { describe, expect, it } from 'vitest';
import { generatedScenario } from '../../../bench/generated-scenario';
import { computeTreeLayout } from './tree-layout';

const options = { width: 220, height: 60, columnGap: 40, rowGap: 70 };

describe('computeTreeLayout', () => {
  it('puts successors in lower rows and centres a parent over its children', () => {
    const positions = computeTreeLayout(['split', 'a', 'b', 'c'], [
      { from: 'split', to: 'a' },
      { from: 'split', to: 'b' },
      { from: 'split', to: 'c' },
    ], options);
    expect(positions.get('a')?.y).toBe(130);
    expect(positions.get('split')?.y).toBe(0);
    expect(positions.get('split')?.x).toBe(positions.get('b')?.x);
  });

  it('places a join below the longest of its branches', () => {
    const positions = computeTreeLayout(['s', 'a', 'a2', 'b', 'join'], [
      { from: 's', to: 'a' },
      { from: 'a', to: 'a2' },
      { from: 'a2', to: 'join' },
      { from: 's', to: 'b' },
      { from: 'b', to: 'join' },
    ], options);
    expect(positions.get('join')?.y).toBe(3 * 130);
  });

  it('lays out a thousand nodes without overlaps and survives cycles', () => {
    const graph = generatedScenario(1000);
    const ids = graph.nodes.map((node) => node.id as string);
    const positions = computeTreeLayout(ids, graph.edges, options);
    const cells = new Set(ids.map((id) => `${positions.get(id)?.x}:${positions.get(id)?.y}`));
    expect(cells.size).toBe(ids.length);
    const looped = computeTreeLayout(['a', 'b'], [{ from: 'a', to: 'b' }, { from: 'b', to: 'a' }], options);
    expect(looped.size).toBe(2);
  });
});
