import { describe, expect, it } from 'vitest';
import { testEdge as edge, testGraph as graph, testNodes as n } from '../test-graphs';
import { acceptsIncomingEdges, CANONICAL_FORM_PROBLEMS, canonicalFormProblems, findStructureProblems } from './problems';

const codes = (g: Parameters<typeof findStructureProblems>[0]) =>
  findStructureProblems(g).map((issue) => [issue.code, issue.nodeIds, issue.path]);

describe('findStructureProblems', () => {
  it('finds nothing wrong in a well-formed graph', () => {
    const g = graph(
      [n.source('s'), n.filter('f'), n.sink('a'), n.sink('b')],
      [edge('s', 'f'), edge('f', 'a', { type: 'FilterTrue' }), edge('f', 'b', { type: 'FilterFalse' })],
    );
    expect(findStructureProblems(g)).toEqual([]);
  });

  it('reports an empty scenario and a missing start node', () => {
    expect(codes(graph([], []))).toEqual([['EmptyScenario', [], ['nodes']]]);
    // Without a start its nodes are loose too: the canonical form could hold none of them, so it cannot be stored.
    expect(codes(graph([n.sink('a')], []))).toEqual([
      ['MissingStartNode', [], ['nodes']],
      ['LooseNode', ['a'], ['nodes', 0]],
    ]);
    expect(canonicalFormProblems(graph([n.variable('v'), n.sink('a')], [edge('v', 'a')])).map((issue) => issue.nodeIds)).toEqual([['v'], ['a']]);
  });

  it('reports duplicate ids at the later occurrence', () => {
    const g = graph([n.source('s'), n.sink('s')], []);
    expect(codes(g)).toContainEqual(['DuplicateNodeId', ['s'], ['nodes', 1, 'id']]);
  });

  it('reports dangling and duplicate edges with their paths', () => {
    const g = graph([n.source('s'), n.sink('a')], [edge('s', 'a'), edge('s', 'a'), edge('s', 'ghost'), edge('nobody', 'a')]);
    const found = codes(g);
    expect(found).toContainEqual(['DuplicateEdge', ['s', 'a'], ['edges', 1]]);
    expect(found).toContainEqual(['DanglingEdge', ['s'], ['edges', 2, 'to']]);
    expect(found).toContainEqual(['DanglingEdge', ['a'], ['edges', 3, 'from']]);
  });

  it('reports cycles and the nodes on them, and unreachable nodes', () => {
    const g = graph(
      [n.source('s'), n.variable('a'), n.variable('b'), n.variable('loose'), n.sink('end')],
      [edge('s', 'a'), edge('a', 'b'), edge('b', 'a')],
    );
    const found = findStructureProblems(g);
    expect(found.find((issue) => issue.code === 'Cycle')?.nodeIds).toEqual(['a', 'b']);
    expect(found.filter((issue) => issue.code === 'LooseNode').map((issue) => issue.nodeIds)).toEqual([['loose'], ['end']]);
    expect(found).toContainEqual(expect.objectContaining({ code: 'MultipleIncomingEdges', nodeIds: ['a', 's', 'b'] }));
  });

  it('checks outgoing edges per node type', () => {
    const g = graph(
      [n.source('s'), n.filter('f'), n.sink('x'), n.sink('y'), n.sink('z')],
      [
        edge('s', 'f'),
        edge('f', 'x', { type: 'FilterTrue' }),
        edge('f', 'y', { type: 'FilterTrue' }),
        edge('x', 'z'),
      ],
    );
    const found = codes(g);
    expect(found).toContainEqual(['UnexpectedOutgoingEdge', ['f', 'y'], ['edges', 2]]);
    expect(found).toContainEqual(['InvalidEdgeType', ['x', 'z'], ['edges', 3]]);
  });

  it('reports missing outgoing edges and wrong edge kinds', () => {
    const g = graph(
      [n.source('s'), n.switch('sw'), n.variable('v'), n.filter('f')],
      [edge('s', 'sw'), edge('sw', 'v'), edge('v', 'f', { type: 'FilterTrue' })],
    );
    const found = codes(g);
    expect(found).toContainEqual(['InvalidEdgeType', ['sw', 'v'], ['edges', 1]]);
    expect(found).toContainEqual(['MissingOutgoingEdge', ['sw'], ['nodes', 1]]);
    expect(found).toContainEqual(['InvalidEdgeType', ['v', 'f'], ['edges', 2]]);
    expect(found).toContainEqual(['MissingOutgoingEdge', ['v'], ['nodes', 2]]);
    expect(found).toContainEqual(['MissingOutgoingEdge', ['f'], ['nodes', 3]]);
  });

  it('lets processors and custom nodes end a branch, but not sources', () => {
    expect(findStructureProblems(graph([n.source('s'), n.processor('p')], [edge('s', 'p')]))).toEqual([]);
    expect(codes(graph([n.source('s')], []))).toEqual([['MissingOutgoingEdge', ['s'], ['nodes', 0]]]);
  });

  it('checks fragment outputs and incoming edges of start nodes', () => {
    const g = graph(
      [n.source('s'), n.fragment('fr'), n.sink('a'), n.sink('b'), n.source('s2')],
      [
        edge('s', 'fr'),
        edge('fr', 'a', { type: 'FragmentOutput', name: 'out' }),
        edge('fr', 'b', { type: 'FragmentOutput', name: 'out' }),
        edge('s2', 's'),
      ],
    );
    const found = codes(g);
    expect(found).toContainEqual(['DuplicateFragmentOutput', ['fr'], ['edges', 2]]);
    expect(found).toContainEqual(['UnexpectedIncomingEdge', ['s', 's2'], ['edges', 3]]);
  });

  it('checks join inputs against branch parameters', () => {
    const g = graph(
      [n.source('a'), n.source('b'), n.join('j', ['a', 'c']), n.sink('out'), n.join('lonely')],
      [edge('a', 'j'), edge('b', 'j'), edge('j', 'out'), edge('lonely', 'out')],
    );
    const found = codes(g);
    expect(found).toContainEqual(['JoinBranchMismatch', ['j'], ['nodes', 2, 'branchParameters', 1, 'branchId']]);
    expect(found).toContainEqual(['JoinBranchMismatch', ['j', 'b'], ['edges', 1]]);
    expect(found).toContainEqual(['JoinWithoutInputs', ['lonely'], ['nodes', 4]]);
  });
});

describe('acceptsIncomingEdges', () => {
  it('refuses edges into the nodes a scenario or fragment starts with, as findStructureProblems does', () => {
    expect(acceptsIncomingEdges(n.source('s'))).toBe(false);
    expect(acceptsIncomingEdges({ type: 'FragmentInputDefinition' })).toBe(false);
    for (const node of [n.filter('f'), n.sink('a'), n.join('j'), n.split('p'), n.variable('v')]) expect(acceptsIncomingEdges(node)).toBe(true);
    const codes = findStructureProblems(graph([n.source('s'), n.filter('f'), n.sink('a')], [edge('s', 'f'), edge('f', 's', { type: 'FilterTrue' })])).map((issue) => issue.code);
    expect(codes).toContain('UnexpectedIncomingEdge');
  });
});

describe('canonicalFormProblems', () => {
  it("is findStructureProblems' problems of the canonical form, and only those", () => {
    const graphs = [
      graph([], []),
      graph([n.sink('a')], []),
      graph([n.source('s'), n.sink('s')], []),
      graph([n.source('s'), n.sink('a')], [edge('s', 'a'), edge('s', 'a'), edge('s', 'ghost'), edge('nobody', 'a')]),
      graph([n.source('s'), n.variable('a'), n.variable('b'), n.variable('loose'), n.sink('end')], [edge('s', 'a'), edge('a', 'b'), edge('b', 'a')]),
      // Problems of edges against node types only: the canonical form holds such a graph.
      graph([n.source('s'), n.filter('f'), n.sink('a')], [edge('s', 'f'), edge('f', 'a')]),
    ];
    for (const g of graphs) {
      expect(canonicalFormProblems(g)).toEqual(findStructureProblems(g).filter((issue) => CANONICAL_FORM_PROBLEMS.has(issue.code)));
    }
    expect(canonicalFormProblems(graphs[2]!).map((issue) => issue.code)).toContain('DuplicateNodeId');
    expect(findStructureProblems(graphs[5]!).length).toBeGreaterThan(0);
    expect(canonicalFormProblems(graphs[5]!)).toEqual([]);
  });
});
