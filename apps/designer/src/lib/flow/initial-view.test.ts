import { describe, expect, it } from 'vitest';
import { initialViewNodes, wholeGraphViewLimit } from './initial-view';

// Ten columns, a source centred over them in the top row.
const grid = (count: number) => [
  { id: 'source', position: { x: 4 * 300, y: 0 } },
  ...Array.from({ length: count - 1 }, (_, index) => ({ id: `n${index}`, position: { x: (index % 10) * 300, y: 130 + Math.floor(index / 10) * 130 } })),
];

describe('the first view of the canvas', () => {
  it('fits a small graph whole', () => {
    expect(initialViewNodes(grid(wholeGraphViewLimit))).toBeUndefined();
  });

  it('opens a large graph on its first node and the nodes nearest below it', () => {
    const nodes = grid(1000).reverse();
    expect(initialViewNodes(nodes, 4)?.map((node) => node.id)).toEqual(['source', 'n4', 'n3', 'n5']);
  });
});
