import { describe, expect, it } from 'vitest';
import { testEdge } from '../test-graphs';
import { countEdges } from './edge-counts';

describe('countEdges', () => {
  const edges = [
    testEdge('source', 'choice'),
    testEdge('choice', 'big', { type: 'NextSwitch', condition: { language: 'spel', expression: '#input > 10' } }),
    testEdge('choice', 'sink', { type: 'NextSwitch', condition: { language: 'spel', expression: '#input > 5' } }),
    testEdge('big', 'sink'),
  ];
  const counts = { source: { all: 5, errors: 0 }, choice: { all: 5, errors: 0 }, big: { all: 2, errors: 0 }, sink: { all: 4, errors: 1 } };

  it('gives an edge the count of a target it alone enters, and leaves shared targets unknown without record ids', () => {
    expect(countEdges(edges, counts)).toEqual([5, 2, undefined, undefined]);
  });

  it('splits a shared target by the record ids seen at both ends', () => {
    const ids: Record<string, string[]> = { choice: ['a', 'b', 'c', 'd', 'e'], big: ['a', 'b'], sink: ['a', 'b', 'c', 'd'] };
    expect(countEdges(edges, counts, (id) => ids[id])).toEqual([5, 2, 4, 2]);
  });

  it('counts zero for a target no record reached', () => {
    expect(countEdges([testEdge('a', 'b')], {})).toEqual([0]);
  });
});
