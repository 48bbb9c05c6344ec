import type { Edge, EdgeType, NodeData, ScenarioGraph } from '@scenaria/graph';
import type { ValidationResult } from './result';

/** Builders of scenario graphs for tests. */
type Params = Readonly<Record<string, string>>;

const spel = (expression: string) => ({ language: 'spel', expression });
const parameters = (params: Params) => Object.entries(params).map(([name, expression]) => ({ name, expression: spel(expression) }));

export const nodes = {
  source: (id: string, typ: string, params: Params = {}): NodeData => ({ type: 'Source', id, ref: { typ, parameters: parameters(params) } }),
  sink: (id: string, typ = 'dead-end', params: Params = {}): NodeData => ({ type: 'Sink', id, ref: { typ, parameters: parameters(params) } }),
  filter: (id: string, expression: string, language = 'spel'): NodeData => ({ type: 'Filter', id, expression: { language, expression } }),
  choice: (id: string, expression?: string, exprVal?: string): NodeData => ({
    type: 'Switch',
    id,
    expression: expression === undefined ? null : spel(expression),
    exprVal: exprVal ?? null,
  }),
  split: (id: string): NodeData => ({ type: 'Split', id }),
  variable: (id: string, varName: string, expression: string): NodeData => ({ type: 'Variable', id, varName, value: spel(expression) }),
  record: (id: string, varName: string, fields: readonly (readonly [string, string])[]): NodeData => ({
    type: 'VariableBuilder',
    id,
    varName,
    fields: fields.map(([name, expression]) => ({ name, expression: spel(expression) })),
  }),
  enricher: (id: string, service: string, output: string, params: Params = {}): NodeData => ({
    type: 'Enricher',
    id,
    service: { id: service, parameters: parameters(params) },
    output,
  }),
  /** The decision-table enricher: its table is JSON in the `tabularDataDefinition` language, not SpEL. */
  decisionTable: (id: string, output: string, table: string, matchCondition: string): NodeData => ({
    type: 'Enricher',
    id,
    service: {
      id: 'decision-table',
      parameters: [
        { name: 'Decision Table', expression: { language: 'tabularDataDefinition', expression: table } },
        { name: 'Match condition', expression: spel(matchCondition) },
      ],
    },
    output,
  }),
  processor: (id: string, service: string, params: Params = {}): NodeData => ({ type: 'Processor', id, service: { id: service, parameters: parameters(params) } }),
  custom: (id: string, nodeType: string, outputVar: string | null, params: Params = {}): NodeData => ({
    type: 'CustomNode',
    id,
    nodeType,
    outputVar,
    parameters: parameters(params),
  }),
  join: (id: string, nodeType: string, outputVar: string | null, branches: Readonly<Record<string, Params>>, params: Params = {}): NodeData => ({
    type: 'Join',
    id,
    nodeType,
    outputVar,
    parameters: parameters(params),
    branchParameters: Object.entries(branches).map(([branchId, p]) => ({ branchId, parameters: parameters(p) })),
  }),
  fragment: (id: string, fragmentId: string, params: Params = {}, outputVariableNames: Record<string, string> = {}): NodeData => ({
    type: 'FragmentInput',
    id,
    ref: { id: fragmentId, parameters: parameters(params), outputVariableNames },
  }),
  input: (id: string, params: NonNullable<Extract<NodeData, { type: 'FragmentInputDefinition' }>['parameters']>): NodeData => ({
    type: 'FragmentInputDefinition',
    id,
    parameters: params,
  }),
  output: (id: string, outputName: string, fields: readonly (readonly [string, string])[] = []): NodeData => ({
    type: 'FragmentOutputDefinition',
    id,
    outputName,
    fields: fields.map(([name, expression]) => ({ name, expression: spel(expression) })),
  }),
};

/** Edge helpers. */
export const edges = {
  plain: (from: string, to: string): Edge => ({ from, to, edgeType: null }),
  typed: (from: string, to: string, edgeType: EdgeType): Edge => ({ from, to, edgeType }),
  next: (from: string, to: string, condition: string): Edge => ({ from, to, edgeType: { type: 'NextSwitch', condition: spel(condition) } }),
  output: (from: string, to: string, name: string): Edge => ({ from, to, edgeType: { type: 'FragmentOutput', name } }),
};

/** Scenario properties for each metadata type. */
export function properties(metaDataType: string, values: Record<string, string> = {}): ScenarioGraph['properties'] {
  return { additionalFields: { description: null, properties: values, metaDataType, showDescription: false } };
}

/** A graph whose nodes are chained by plain edges (filters by FilterTrue), plus extra edges. */
export function chain(list: readonly NodeData[], extra: readonly Edge[] = [], metaDataType = 'StreamMetaData', values: Record<string, string> = {}): ScenarioGraph {
  const chained: Edge[] = [];
  for (let i = 1; i < list.length; i++) {
    const from = list[i - 1] as NodeData;
    const to = list[i] as NodeData;
    chained.push(from.type === 'Filter' ? edges.typed(from.id, to.id, { type: 'FilterTrue' }) : edges.plain(from.id, to.id));
  }
  return { properties: properties(metaDataType, values), nodes: [...list], edges: [...chained, ...extra] };
}

/** Local variables at a node's input, name -> display, leaving out the helper globals (upper case) and #meta. */
export function localVariables(result: ValidationResult, nodeId: string): Record<string, string> {
  const variables = result.nodeResults[nodeId]?.variableTypes ?? {};
  const local: Record<string, string> = {};
  for (const [name, type] of Object.entries(variables)) {
    local[name] = String(type.display);
  }
  return local;
}

/** All errors of a result with where they were reported. */
export function allErrors(result: ValidationResult): { where: string; typ: string; fieldName: string | null; errorType: string }[] {
  return [
    ...Object.entries(result.errors.invalidNodes).flatMap(([nodeId, errors]) => errors.map((e) => ({ where: nodeId, typ: e.typ, fieldName: e.fieldName ?? null, errorType: e.errorType }))),
    ...result.errors.processPropertiesErrors.map((e) => ({ where: '$properties', typ: e.typ, fieldName: e.fieldName ?? null, errorType: e.errorType })),
    ...result.errors.globalErrors.map((g) => ({ where: `$global:${g.nodeIds.join(',')}`, typ: g.error.typ, fieldName: g.error.fieldName ?? null, errorType: g.error.errorType })),
  ];
}
