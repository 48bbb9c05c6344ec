import { type Model, UIParameterSchema } from '@scenaria/components';
import type { Edge, NodeData, ProcessProperties, ScenarioGraph } from '@scenaria/graph';
import { type TypingResult, TypingResultJsonSchema } from '@scenaria/typing';
import { z } from 'zod';
import { NodeValidationErrorSchema } from './errors';
import { validateWithSeededContexts } from './validate-scenario';

/** Inputs of {@link validateNode}: what `POST /api/nodes/{name}/validation` receives. */
export interface NodeValidationRequest {
  readonly nodeData: NodeData;
  readonly processProperties: ProcessProperties;
  /** Variables at the node's input (globals are added). */
  readonly variableTypes: Readonly<Record<string, TypingResult>>;
  /** For joins: branch id -> variables of that branch. */
  readonly branchVariableTypes?: Readonly<Record<string, Readonly<Record<string, TypingResult>>>>;
  readonly outgoingEdges?: readonly Edge[];
  readonly scenarioName?: string;
  readonly fragments?: Readonly<Record<string, ScenarioGraph>>;
}

/**
 * The node validation response (rest-api.md). `parameters` and `expressionType` are null when there are none;
 * the API drops null fields, so on the wire they may be absent.
 */
export const NodeValidationResponseSchema = z.object({
  parameters: z.array(UIParameterSchema).nullish(),
  expressionType: TypingResultJsonSchema.nullish(),
  validationErrors: z.array(NodeValidationErrorSchema),
  validationPerformed: z.boolean(),
});
/** The node validation response. */
export type NodeValidationResponse = z.infer<typeof NodeValidationResponseSchema>;

/**
 * Validates one node as the designer edits it, given the variables that reach it. The node is validated
 * inside a minimal scenario whose start nodes carry the given variables, so it runs exactly the checks of
 * whole-scenario validation; structure errors of that scaffold are not reported.
 */
export function validateNode(request: NodeValidationRequest, model: Model): NodeValidationResponse {
  const { nodeData } = request;
  const isJoin = nodeData.type === 'Join';
  const branches = isJoin ? Object.entries(request.branchVariableTypes ?? {}) : [['', request.variableTypes] as const];
  const nodes: NodeData[] = [];
  const edges: Edge[] = [];
  const variableSources: Record<string, Readonly<Record<string, TypingResult>>> = {};
  for (const [branchId, variables] of branches) {
    const id = isJoin ? branchId : `$input-${nodeData.id}`;
    variableSources[id] = variables;
    nodes.push({ type: 'Source', id, ref: { typ: '$seed', parameters: [] } });
    edges.push({ from: id, to: nodeData.id, edgeType: null });
  }
  nodes.push(nodeData);
  for (const edge of request.outgoingEdges ?? []) {
    const target = `$target-${edge.to}`;
    nodes.push({ type: 'Sink', id: target, ref: { typ: 'dead-end', parameters: [] } });
    edges.push({ ...edge, from: nodeData.id, to: target });
  }
  const result = validateWithSeededContexts(
    { properties: request.processProperties, nodes, edges },
    model,
    {
      ...(request.scenarioName === undefined ? {} : { scenarioName: request.scenarioName }),
      ...(request.fragments === undefined ? {} : { fragments: request.fragments }),
    },
    variableSources,
  );
  const nodeResult = result.nodeResults[nodeData.id];
  const typingInfo = nodeResult?.typingInfo ?? {};
  const errors = (result.errors.invalidNodes[nodeData.id] ?? []).filter((e) => e.typ !== 'InvalidTailOfBranch' && e.typ !== 'InvalidEdge');
  return {
    parameters: nodeResult?.parameters ?? null,
    expressionType: typingInfo.$expression ?? null,
    validationErrors: errors,
    validationPerformed: true,
  };
}

