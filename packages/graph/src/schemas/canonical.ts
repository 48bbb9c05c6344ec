import { z } from 'zod';
import { ExpressionSchema, type Expression } from './common';
import {
  BranchEndDataSchema,
  CustomNodeSchema,
  EnricherNodeSchema,
  FilterNodeSchema,
  FragmentInputDefinitionNodeSchema,
  FragmentInputNodeSchema,
  FragmentOutputDefinitionNodeSchema,
  FragmentUsageOutputNodeSchema,
  JoinNodeSchema,
  ProcessorNodeSchema,
  SinkNodeSchema,
  SourceNodeSchema,
  SplitNodeSchema,
  SwitchNodeSchema,
  VariableBuilderNodeSchema,
  VariableNodeSchema,
  type BranchEndData,
  type CustomNode,
  type EnricherNode,
  type FilterNode,
  type FragmentInputDefinitionNode,
  type FragmentInputNode,
  type FragmentOutputDefinitionNode,
  type FragmentUsageOutputNode,
  type JoinNode,
  type ProcessorNode,
  type SinkNode,
  type SourceNode,
  type SplitNode,
  type SwitchNode,
  type VariableBuilderNode,
  type VariableNode,
} from './node-data';
import { MetaDataSchema } from './properties';

// The nested keys (`nextFalse`, `nexts`, `defaultNext`, `outputs`) are optional on input because a missing one
// means "no branch"; `toCanonical` always writes them, as Nussknacker does.
// The recursive types are spelled out once below (built from the inferred flat node types) because the
// compiler cannot print the fully inferred recursive type of the union.

/** A Filter in tree form: the true path continues in the enclosing list, the false path nests here. */
export type CanonicalFilterNode = FilterNode & { nextFalse?: CanonicalNode[] | undefined };
/** One case of a Switch in tree form: the condition of its NextSwitch edge and the branch it leads to. */
export type CanonicalSwitchCase = { expression: Expression; nodes: CanonicalNode[] };
/** A Switch in tree form: ordered cases plus the default branch; nothing follows it in its list. */
export type CanonicalSwitchNode = SwitchNode & {
  nexts?: CanonicalSwitchCase[] | undefined;
  defaultNext?: CanonicalNode[] | undefined;
};
/** A Split in tree form: one nested branch per outgoing edge. */
export type CanonicalSplitNode = SplitNode & { nexts: CanonicalNode[][] };
/** A fragment usage in tree form: one nested branch per used output, keyed by output name. */
export type CanonicalFragmentInputNode = FragmentInputNode & { outputs?: Record<string, CanonicalNode[]> | undefined };
/** Any element of a canonical branch. */
export type CanonicalNode =
  | SourceNode
  | SinkNode
  | CanonicalFilterNode
  | CanonicalSwitchNode
  | CanonicalSplitNode
  | VariableNode
  | VariableBuilderNode
  | EnricherNode
  | ProcessorNode
  | CustomNode
  | JoinNode
  | CanonicalFragmentInputNode
  | FragmentInputDefinitionNode
  | FragmentOutputDefinitionNode
  | FragmentUsageOutputNode
  | BranchEndData;

const branch = (): z.ZodType<CanonicalNode[]> => z.array(CanonicalNodeSchema);

const CanonicalSwitchCaseSchemaInner = z.object({
  expression: ExpressionSchema,
  get nodes(): z.ZodType<CanonicalNode[]> {
    return branch();
  },
});

/** One case of a Switch in tree form. */
export const CanonicalSwitchCaseSchema: z.ZodType<CanonicalSwitchCase> = CanonicalSwitchCaseSchemaInner;

/** Any element of a canonical branch, discriminated on `type` (includes `BranchEndData`). */
export const CanonicalNodeSchema: z.ZodType<CanonicalNode> = z.discriminatedUnion('type', [
  SourceNodeSchema,
  SinkNodeSchema,
  FilterNodeSchema.extend({
    get nextFalse(): z.ZodOptional<z.ZodType<CanonicalNode[]>> {
      return branch().optional();
    },
  }),
  SwitchNodeSchema.extend({
    get nexts(): z.ZodOptional<z.ZodType<CanonicalSwitchCase[]>> {
      return z.array(CanonicalSwitchCaseSchemaInner).optional();
    },
    get defaultNext(): z.ZodOptional<z.ZodType<CanonicalNode[]>> {
      return branch().optional();
    },
  }),
  SplitNodeSchema.extend({
    get nexts(): z.ZodType<CanonicalNode[][]> {
      return z.array(branch());
    },
  }),
  VariableNodeSchema,
  VariableBuilderNodeSchema,
  EnricherNodeSchema,
  ProcessorNodeSchema,
  CustomNodeSchema,
  JoinNodeSchema,
  FragmentInputNodeSchema.extend({
    get outputs(): z.ZodOptional<z.ZodType<Record<string, CanonicalNode[]>>> {
      return z.record(z.string(), branch()).optional();
    },
  }),
  FragmentInputDefinitionNodeSchema,
  FragmentOutputDefinitionNodeSchema,
  FragmentUsageOutputNodeSchema,
  BranchEndDataSchema,
]);

/** The stored and exported tree form of a scenario. */
export const CanonicalProcessSchema = z.object({
  metaData: MetaDataSchema,
  nodes: z.array(CanonicalNodeSchema),
  additionalBranches: z.array(z.array(CanonicalNodeSchema)).optional(),
});
/** The stored and exported tree form of a scenario. */
export type CanonicalProcess = z.infer<typeof CanonicalProcessSchema>;
