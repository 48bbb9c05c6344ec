import { z } from 'zod';
import {
  BranchParametersSchema,
  ExpressionSchema,
  FieldSchema,
  FixedExpressionValueSchema,
  NodeAdditionalFieldsSchema,
  ParameterSchema,
} from './common';
import { MAX_IDENTIFIER_LENGTH, identifierTooLongMessage } from '../identifiers';

const nodeBase = {
  // Only the length is a shape rule: a longer id cannot be addressed or stored as a label, so such a graph is
  // refused outright, while the other identifier rules are validation errors the designer lets the user fix.
  id: z.string().max(MAX_IDENTIFIER_LENGTH, identifierTooLongMessage('Node id')),
  additionalFields: NodeAdditionalFieldsSchema.nullable().optional(),
};
const isDisabled = z.boolean().nullable().optional();

/** A reference to a source or sink component: its name (`typ`) and parameters. */
export const SourceOrSinkRefSchema = z.object({
  typ: z.string(),
  parameters: z.array(ParameterSchema),
});
/** A reference to a source or sink component. */
export type SourceOrSinkRef = z.infer<typeof SourceOrSinkRefSchema>;

/** A reference to a service (enricher or processor): its id and parameters. */
export const ServiceRefSchema = z.object({
  id: z.string(),
  parameters: z.array(ParameterSchema),
});
/** A reference to a service. */
export type ServiceRef = z.infer<typeof ServiceRefSchema>;

/** A reference to a used fragment: its name, parameters and the variable name chosen for each output. */
export const FragmentRefSchema = z.object({
  id: z.string(),
  parameters: z.array(ParameterSchema),
  // Stored data may lack it; readers treat a missing map as `{}` (scenario-graph.md §3).
  outputVariableNames: z.record(z.string(), z.string()).optional(),
});
/** A reference to a used fragment. */
export type FragmentRef = z.infer<typeof FragmentRefSchema>;

/** How a fragment parameter's value is edited. */
export const ParameterValueEditorSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ValueInputWithFixedValuesProvided'),
    fixedValuesList: z.array(FixedExpressionValueSchema),
    allowOtherValue: z.boolean(),
  }),
  z.object({
    type: z.literal('ValueInputWithDictEditor'),
    dictId: z.string(),
    allowOtherValue: z.boolean(),
  }),
]);
/** How a fragment parameter's value is edited. */
export type ParameterValueEditor = z.infer<typeof ParameterValueEditorSchema>;

/** A parameter declared by a fragment's input definition. */
export const FragmentParameterSchema = z.object({
  name: z.string(),
  typ: z.object({ refClazzName: z.string() }),
  required: z.boolean().optional(),
  initialValue: FixedExpressionValueSchema.nullable().optional(),
  hintText: z.string().nullable().optional(),
  valueEditor: ParameterValueEditorSchema.nullable().optional(),
  valueCompileTimeValidation: z
    .object({
      validationExpression: ExpressionSchema,
      validationFailedMessage: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});
/** A parameter declared by a fragment's input definition. */
export type FragmentParameter = z.infer<typeof FragmentParameterSchema>;

/** A start node reading records from a source component. */
export const SourceNodeSchema = z.object({ type: z.literal('Source'), ...nodeBase, ref: SourceOrSinkRefSchema });
/** A start node reading records from a source component. */
export type SourceNode = z.infer<typeof SourceNodeSchema>;

/** An end node writing records to a sink component. */
export const SinkNodeSchema = z.object({
  type: z.literal('Sink'),
  ...nodeBase,
  ref: SourceOrSinkRefSchema,
  // Legacy: older sinks took their value from here instead of a parameter.
  endResult: ExpressionSchema.nullable().optional(),
  isDisabled,
});
/** An end node writing records to a sink component. */
export type SinkNode = z.infer<typeof SinkNodeSchema>;

/** Lets records through when the expression is true (and optionally routes the rest to a false branch). */
export const FilterNodeSchema = z.object({
  type: z.literal('Filter'),
  ...nodeBase,
  expression: ExpressionSchema,
  isDisabled,
});
/** A filter node. */
export type FilterNode = z.infer<typeof FilterNodeSchema>;

/** The "choice" node: conditions live on its outgoing NextSwitch edges. */
export const SwitchNodeSchema = z.object({
  type: z.literal('Switch'),
  ...nodeBase,
  // Both deprecated: new nodes send null, older scenarios defined a variable named `exprVal`.
  expression: ExpressionSchema.nullable().optional(),
  exprVal: z.string().nullable().optional(),
});
/** The "choice" node. */
export type SwitchNode = z.infer<typeof SwitchNodeSchema>;

/** Sends every record down all of its outgoing branches. */
export const SplitNodeSchema = z.object({ type: z.literal('Split'), ...nodeBase });
/** A split node. */
export type SplitNode = z.infer<typeof SplitNodeSchema>;

/** Defines one variable from an expression. */
export const VariableNodeSchema = z.object({
  type: z.literal('Variable'),
  ...nodeBase,
  varName: z.string(),
  value: ExpressionSchema,
});
/** A variable node. */
export type VariableNode = z.infer<typeof VariableNodeSchema>;

/** The "record-variable" node: defines one record variable from named fields. */
export const VariableBuilderNodeSchema = z.object({
  type: z.literal('VariableBuilder'),
  ...nodeBase,
  varName: z.string(),
  fields: z.array(FieldSchema),
});
/** A record-variable node. */
export type VariableBuilderNode = z.infer<typeof VariableBuilderNodeSchema>;

/** Calls a service and stores its result in the `output` variable. */
export const EnricherNodeSchema = z.object({
  type: z.literal('Enricher'),
  ...nodeBase,
  service: ServiceRefSchema,
  output: z.string(),
});
/** An enricher node. */
export type EnricherNode = z.infer<typeof EnricherNodeSchema>;

/** Calls a service for its effect. */
export const ProcessorNodeSchema = z.object({
  type: z.literal('Processor'),
  ...nodeBase,
  service: ServiceRefSchema,
  isDisabled,
});
/** A processor node. */
export type ProcessorNode = z.infer<typeof ProcessorNodeSchema>;

/** A custom component with one input. */
export const CustomNodeSchema = z.object({
  type: z.literal('CustomNode'),
  ...nodeBase,
  nodeType: z.string(),
  outputVar: z.string().nullable().optional(),
  parameters: z.array(ParameterSchema),
});
/** A custom node. */
export type CustomNode = z.infer<typeof CustomNodeSchema>;

/** A custom component joining several incoming branches. */
export const JoinNodeSchema = z.object({
  type: z.literal('Join'),
  ...nodeBase,
  nodeType: z.string(),
  outputVar: z.string().nullable().optional(),
  parameters: z.array(ParameterSchema),
  branchParameters: z.array(BranchParametersSchema),
});
/** A join node. */
export type JoinNode = z.infer<typeof JoinNodeSchema>;

/** The use of a fragment inside a scenario. */
export const FragmentInputNodeSchema = z.object({
  type: z.literal('FragmentInput'),
  ...nodeBase,
  ref: FragmentRefSchema,
  isDisabled,
  fragmentParams: z.array(FragmentParameterSchema).nullable().optional(),
});
/** The use of a fragment inside a scenario. */
export type FragmentInputNode = z.infer<typeof FragmentInputNodeSchema>;

/** The start node of a fragment, declaring its parameters. */
export const FragmentInputDefinitionNodeSchema = z.object({
  type: z.literal('FragmentInputDefinition'),
  ...nodeBase,
  parameters: z.array(FragmentParameterSchema),
});
/** The start node of a fragment. */
export type FragmentInputDefinitionNode = z.infer<typeof FragmentInputDefinitionNodeSchema>;

/** An output of a fragment with the fields it hands back to the using scenario. */
export const FragmentOutputDefinitionNodeSchema = z.object({
  type: z.literal('FragmentOutputDefinition'),
  ...nodeBase,
  outputName: z.string(),
  fields: z.array(FieldSchema).optional(),
});
/** An output of a fragment. */
export type FragmentOutputDefinitionNode = z.infer<typeof FragmentOutputDefinitionNodeSchema>;

/** Internal node produced when a fragment is inlined into a scenario; never sent by the designer. */
export const FragmentUsageOutputNodeSchema = z.object({
  type: z.literal('FragmentUsageOutput'),
  ...nodeBase,
  outputName: z.string(),
  outputVar: z.object({ name: z.string(), fields: z.array(FieldSchema) }).nullable().optional(),
});
/** Internal node produced when a fragment is inlined. */
export type FragmentUsageOutputNode = z.infer<typeof FragmentUsageOutputNodeSchema>;

/** Any node of the scenario graph, discriminated on `type`. */
export const NodeDataSchema = z.discriminatedUnion('type', [
  SourceNodeSchema,
  SinkNodeSchema,
  FilterNodeSchema,
  SwitchNodeSchema,
  SplitNodeSchema,
  VariableNodeSchema,
  VariableBuilderNodeSchema,
  EnricherNodeSchema,
  ProcessorNodeSchema,
  CustomNodeSchema,
  JoinNodeSchema,
  FragmentInputNodeSchema,
  FragmentInputDefinitionNodeSchema,
  FragmentOutputDefinitionNodeSchema,
  FragmentUsageOutputNodeSchema,
]);
/** Any node of the scenario graph. */
export type NodeData = z.infer<typeof NodeDataSchema>;
/** The `type` discriminator of a graph node. */
export type NodeType = NodeData['type'];

/** Every `type` a graph node may have. */
export const NODE_TYPES: readonly NodeType[] = [
  'Source',
  'Sink',
  'Filter',
  'Switch',
  'Split',
  'Variable',
  'VariableBuilder',
  'Enricher',
  'Processor',
  'CustomNode',
  'Join',
  'FragmentInput',
  'FragmentInputDefinition',
  'FragmentOutputDefinition',
  'FragmentUsageOutput',
];

/** Canonical-form marker of an edge into a Join; its id is derived, see `branchEndId`. */
export const BranchEndDataSchema = z.object({
  type: z.literal('BranchEndData'),
  id: z.string().optional(),
  definition: z.object({ id: z.string(), joinId: z.string() }),
});
/** Canonical-form marker of an edge into a Join. */
export type BranchEndData = z.infer<typeof BranchEndDataSchema>;

/** The id Nussknacker gives a BranchEndData element: `$edge-<from id>-<join id>`. */
export function branchEndId(definition: { id: string; joinId: string }): string {
  return `$edge-${definition.id}-${definition.joinId}`;
}
