import { describe, expect, it } from 'vitest';
import { canonicalProcessText, parseCanonicalProcess, parseScenarioGraph, scenarioGraphText, serializeCanonicalProcess, serializeScenarioGraph } from './parse';
import { toCanonical } from './canonical/to-canonical';

const expr = (expression: string) => ({ language: 'spel', expression });
const kafka = (topic: string) => ({ typ: 'kafka', parameters: [{ name: 'Topic', expression: expr(`'${topic}'`) }] });

// The complete streaming example of scenario-graph.md §5 (parameters shortened).
const referenceExample = {
  properties: {
    additionalFields: {
      description: 'Routes big transactions',
      properties: { parallelism: '2', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' },
      metaDataType: 'StreamMetaData',
      showDescription: false,
    },
  },
  nodes: [
    { type: 'Source', id: 'transactions', ref: kafka('transactions'), additionalFields: { description: null, layoutData: { x: 0, y: 0 } } },
    { type: 'Filter', id: 'only positive', expression: expr('#input.amount > 0'), isDisabled: null, additionalFields: { description: null, layoutData: { x: 0, y: 180 } } },
    { type: 'Variable', id: 'compute fee', varName: 'fee', value: expr('#input.amount * 0.01'), additionalFields: { description: null, layoutData: { x: 0, y: 360 } } },
    { type: 'Enricher', id: 'get client', output: 'client', service: { id: 'clientService', parameters: [{ name: 'clientId', expression: expr('#input.clientId') }] }, additionalFields: { description: null, layoutData: { x: 0, y: 540 } } },
    { type: 'Switch', id: 'route', expression: null, exprVal: null, additionalFields: { description: null, layoutData: { x: 0, y: 720 } } },
    { type: 'Sink', id: 'vip sink', ref: kafka('vip'), isDisabled: null, additionalFields: { description: null, layoutData: { x: -200, y: 900 } } },
    { type: 'Sink', id: 'regular sink', ref: kafka('regular'), isDisabled: null, additionalFields: { description: null, layoutData: { x: 200, y: 900 } } },
  ],
  edges: [
    { from: 'transactions', to: 'only positive', edgeType: null },
    { from: 'only positive', to: 'compute fee', edgeType: { type: 'FilterTrue' } },
    { from: 'compute fee', to: 'get client', edgeType: null },
    { from: 'get client', to: 'route', edgeType: null },
    { from: 'route', to: 'vip sink', edgeType: { type: 'NextSwitch', condition: expr('#client.vip == true') } },
    { from: 'route', to: 'regular sink', edgeType: { type: 'NextSwitch', condition: expr('true') } },
  ],
};

describe('parseScenarioGraph', () => {
  it('accepts the reference example and serializes it back unchanged', () => {
    const parsed = parseScenarioGraph(referenceExample);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(serializeScenarioGraph(parsed.value)).toStrictEqual(referenceExample);
  });

  it('keeps null and absent optional fields apart', () => {
    const graph = structuredClone(referenceExample);
    delete (graph.nodes[1] as { isDisabled?: unknown }).isDisabled;
    delete (graph.nodes[0] as { additionalFields?: unknown }).additionalFields;
    (graph.edges[0] as { edgeType?: unknown }).edgeType = undefined;
    delete (graph.edges[0] as { edgeType?: unknown }).edgeType;
    const parsed = parseScenarioGraph(graph);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const back = serializeScenarioGraph(parsed.value) as unknown as typeof referenceExample;
    expect(back).toStrictEqual(graph);
    expect('isDisabled' in (back.nodes[1] as object)).toBe(false);
    expect('edgeType' in (back.edges[0] as object)).toBe(false);
    expect(back.nodes[4]).toHaveProperty('expression', null);
  });

  it('drops fields the format does not have', () => {
    const graph = structuredClone(referenceExample) as { nodes: Record<string, unknown>[] };
    (graph.nodes[0] as Record<string, unknown>).selected = true;
    const parsed = parseScenarioGraph(graph);
    if (!parsed.ok) throw new Error('should parse');
    expect(serializeScenarioGraph(parsed.value)).toStrictEqual(referenceExample);
  });

  it('writes the serialized text without copying: unknown fields dropped, undefined ones left out, nulls kept', () => {
    const graph = structuredClone(referenceExample) as { nodes: Record<string, unknown>[]; edges: Record<string, unknown>[] };
    graph.nodes[0]!.selected = true;
    const parsed = parseScenarioGraph(graph);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    // A field set to undefined after parsing (as code building a graph may leave one) has no JSON form.
    (parsed.value.edges[0] as { edgeType?: unknown }).edgeType = undefined;
    const text = scenarioGraphText(parsed.value);
    expect(text).toBe(JSON.stringify(serializeScenarioGraph(parsed.value)));
    expect(text).not.toContain('"selected"');
    expect(JSON.parse(text).nodes[4]).toHaveProperty('expression', null);
    const canonical = toCanonical(parsed.value, { id: 'example' });
    expect(canonicalProcessText(canonical)).toBe(JSON.stringify(serializeCanonicalProcess(canonical)));
    expect(() => scenarioGraphText({ nodes: 1 } as never)).toThrow(/not a scenario graph/);
    expect(() => canonicalProcessText({ metaData: 1 } as never)).toThrow(/not a canonical process/);
  });

  it('reports wrong types, missing fields and unknown node and edge types with JSON paths', () => {
    const graph = structuredClone(referenceExample) as unknown as {
      nodes: Record<string, unknown>[];
      edges: Record<string, unknown>[];
      properties: { additionalFields: Record<string, unknown> };
    };
    (graph.nodes[0] as Record<string, unknown>).id = 42;
    delete (graph.nodes[2] as Record<string, unknown>).varName;
    (graph.nodes[3] as Record<string, unknown>).type = 'Teleport';
    (graph.edges[1] as Record<string, unknown>).edgeType = { type: 'Sideways' };
    graph.properties.additionalFields.properties = { parallelism: 2 };
    const parsed = parseScenarioGraph(graph);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const byPath = Object.fromEntries(parsed.issues.map((issue) => [JSON.stringify(issue.path), issue.code]));
    expect(byPath).toEqual({
      '["nodes",0,"id"]': 'InvalidType',
      '["nodes",2,"varName"]': 'MissingField',
      '["nodes",3,"type"]': 'UnknownNodeType',
      '["edges",1,"edgeType","type"]': 'UnknownEdgeType',
      '["properties","additionalFields","properties","parallelism"]': 'InvalidType',
    });
    for (const issue of parsed.issues) expect(issue.message.length).toBeGreaterThan(0);
  });

  it('accepts legacy typeSpecificProperties and merges them into string properties', () => {
    const legacy = {
      ...referenceExample,
      properties: {
        typeSpecificProperties: { type: 'StreamMetaData', parallelism: 2, spillStateToDisk: true, useAsyncInterpretation: null, checkpointIntervalInSeconds: null },
        additionalFields: { description: 'Routes big transactions', properties: {} },
      },
    };
    const parsed = parseScenarioGraph(legacy);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    expect(parsed.value.properties).toEqual(referenceExample.properties);
  });

  it('reports a missing node id and a non-object document', () => {
    expect(parseScenarioGraph({ ...referenceExample, nodes: [{ type: 'Split' }] })).toMatchObject({
      ok: false,
      issues: [{ code: 'MissingField', path: ['nodes', 0, 'id'] }],
    });
    expect(parseScenarioGraph(null)).toMatchObject({ ok: false, issues: [{ code: 'InvalidType', path: [] }] });
    expect(parseScenarioGraph([])).toMatchObject({ ok: false, issues: [{ code: 'InvalidType', path: [] }] });
  });

  it('refuses a node id longer than the identifier rules allow, naming the field', () => {
    const nodes = referenceExample.nodes.map((node, index) => (index === 1 ? { ...node, id: 'x'.repeat(256) } : node));
    const parsed = parseScenarioGraph({ ...referenceExample, nodes });
    expect(parsed).toMatchObject({ ok: false, issues: [{ path: ['nodes', 1, 'id'], message: expect.stringContaining('255') }] });
  });
});

describe('parseCanonicalProcess', () => {
  const metaData = { id: 's', additionalFields: { description: null, properties: {}, metaDataType: 'StreamMetaData', showDescription: false } };
  const source = { type: 'Source', id: 'in', ref: { typ: 'kafka', parameters: [] } };
  const sink = (id: string) => ({ type: 'Sink', id, ref: { typ: 'kafka', parameters: [] } });

  it('refuses elements after one that ends its branch, at any depth', () => {
    const result = parseCanonicalProcess({
      metaData,
      nodes: [source, { type: 'Filter', id: 'f', expression: expr('true'), nextFalse: [sink('a'), sink('b')] }, sink('c'), sink('d')],
      additionalBranches: [],
    });
    expect(result).toMatchObject({
      ok: false,
      issues: [
        { code: 'InvalidTailOfBranch', path: ['nodes', 1, 'nextFalse', 1], nodeIds: ['a'] },
        { code: 'InvalidTailOfBranch', path: ['nodes', 3], nodeIds: ['c'] },
      ],
    });
  });

  it('reports unknown element types inside nested branches with their paths', () => {
    const result = parseCanonicalProcess({
      metaData,
      nodes: [source, { type: 'Split', id: 'sp', nexts: [[sink('a')], [{ type: 'Nope', id: 'x' }]] }],
    });
    expect(result).toMatchObject({ ok: false, issues: [{ code: 'UnknownNodeType', path: ['nodes', 1, 'nexts', 1, 0, 'type'] }] });
  });

  it('accepts a missing additionalBranches and missing nested keys', () => {
    const result = parseCanonicalProcess({
      metaData,
      nodes: [source, { type: 'Filter', id: 'f', expression: expr('true') }, { type: 'Switch', id: 'sw' }],
    });
    expect(result.ok).toBe(true);
  });
});

describe('issue codes', () => {
  it('tells a missing node type from an unknown one', () => {
    const graph = { properties: { additionalFields: { metaDataType: 'StreamMetaData' } }, nodes: [{ id: 'a' }, { id: 'b', type: 'Nope' }], edges: [] };
    const parsed = parseScenarioGraph(graph);
    expect(parsed).toMatchObject({
      ok: false,
      issues: [
        { code: 'MissingField', path: ['nodes', 0, 'type'] },
        { code: 'UnknownNodeType', path: ['nodes', 1, 'type'] },
      ],
    });
  });
});
