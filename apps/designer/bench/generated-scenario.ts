/**
 * A generated streaming scenario of about `size` nodes, saved without positions so opening it includes the
 * automatic layout: a source, a split into branches of filter/variable pairs, one sink per branch.
 */
export function generatedScenario(size: number) {
  const spel = (expression: string) => ({ language: 'spel', expression });
  const nodes: Record<string, unknown>[] = [
    { type: 'Source', id: 'source', ref: { typ: 'kafka', parameters: [{ name: 'Topic', expression: spel("'in'") }] } },
    { type: 'Split', id: 'split' },
  ];
  const edges: { from: string; to: string; edgeType: unknown }[] = [{ from: 'source', to: 'split', edgeType: null }];
  const branches = Math.max(1, Math.round(size / 50));
  const perBranch = Math.max(1, Math.floor((size - 2 - branches) / branches));
  for (let branch = 0; branch < branches; branch += 1) {
    let previous = 'split';
    let previousEdge: unknown = null;
    for (let index = 0; index < perBranch; index += 1) {
      const id = `b${branch}-n${index}`;
      if (index % 2 === 0) nodes.push({ type: 'Filter', id, expression: spel(`#input.amount > ${index}`) });
      else nodes.push({ type: 'Variable', id, varName: `v${index}`, value: spel(`#input.amount * ${index}`) });
      edges.push({ from: previous, to: id, edgeType: previousEdge });
      previousEdge = index % 2 === 0 ? { type: 'FilterTrue' } : null;
      previous = id;
    }
    const sink = `b${branch}-sink`;
    nodes.push({ type: 'Sink', id: sink, ref: { typ: 'kafka', parameters: [{ name: 'Topic', expression: spel("'out'") }] } });
    edges.push({ from: previous, to: sink, edgeType: previousEdge });
  }
  return {
    properties: { additionalFields: { description: null, properties: { parallelism: '1' }, metaDataType: 'StreamMetaData', showDescription: false } },
    nodes,
    edges,
  };
}
