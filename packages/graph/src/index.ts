/** Expression, parameter and field schemas shared by all node types. */
export {
  ExpressionSchema,
  ParameterSchema,
  FieldSchema,
  BranchParametersSchema,
  LayoutDataSchema,
  NodeAdditionalFieldsSchema,
  FixedExpressionValueSchema,
} from './schemas/common';
export type {
  Expression,
  Parameter,
  Field,
  BranchParameters,
  LayoutData,
  NodeAdditionalFields,
  FixedExpressionValue,
} from './schemas/common';

/** Scenario-level properties (graph `properties`, canonical `metaData`). */
export {
  KNOWN_METADATA_TYPES,
  ProcessAdditionalFieldsSchema,
  ProcessPropertiesSchema,
  MetaDataSchema,
} from './schemas/properties';
export type { ProcessAdditionalFields, ProcessProperties, MetaData } from './schemas/properties';
/** The properties a new scenario or fragment starts with. */
export { newScenarioProperties, kindOfMetaDataType, scenarioSlug } from './scenario-properties';
export type { NewScenarioKind, ConfiguredPropertyDefault } from './scenario-properties';

/** Node schemas, one per `type`, and their union. */
export {
  SourceOrSinkRefSchema,
  ServiceRefSchema,
  FragmentRefSchema,
  ParameterValueEditorSchema,
  FragmentParameterSchema,
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
  NodeDataSchema,
  NODE_TYPES,
  BranchEndDataSchema,
  branchEndId,
} from './schemas/node-data';
export type {
  SourceOrSinkRef,
  ServiceRef,
  FragmentRef,
  ParameterValueEditor,
  FragmentParameter,
  SourceNode,
  SinkNode,
  FilterNode,
  SwitchNode,
  SplitNode,
  VariableNode,
  VariableBuilderNode,
  EnricherNode,
  ProcessorNode,
  CustomNode,
  JoinNode,
  FragmentInputNode,
  FragmentInputDefinitionNode,
  FragmentOutputDefinitionNode,
  FragmentUsageOutputNode,
  NodeData,
  NodeType,
  BranchEndData,
} from './schemas/node-data';

/** Edges and their kinds. */
export { EdgeTypeSchema, EdgeSchema } from './schemas/edge';
export type { EdgeType, Edge } from './schemas/edge';

/** The flat graph and the canonical tree form. */
export { ScenarioGraphSchema } from './schemas/scenario-graph';
export type { ScenarioGraph } from './schemas/scenario-graph';
export { CanonicalSwitchCaseSchema, CanonicalNodeSchema, CanonicalProcessSchema } from './schemas/canonical';
export type {
  CanonicalFilterNode,
  CanonicalSwitchCase,
  CanonicalSwitchNode,
  CanonicalSplitNode,
  CanonicalFragmentInputNode,
  CanonicalNode,
  CanonicalProcess,
} from './schemas/canonical';

/** Issues reported by every function of this package. */
export type { GraphIssue, GraphIssueCode, GraphShapeIssueCode, GraphStructureIssueCode, ParseResult } from './issues';
export type { Json, JsonTextInspection } from './json';
/** A pass over JSON text before parsing it: nesting depth and NUL characters. */
export { inspectJsonText, MAX_JSON_DEPTH } from './json';

/** Parsing and serializing both forms. */
export {
  parseScenarioGraph,
  parseCanonicalProcess,
  serializeScenarioGraph,
  serializeCanonicalProcess,
  scenarioGraphText,
  canonicalProcessText,
  parsedCanonicalProcessText,
  parsedScenarioGraphText,
} from './parse';

/** Conversion between the flat graph and the canonical form. */
export { toCanonical, START_NODE_TYPES } from './canonical/to-canonical';
export type { ToCanonicalOptions } from './canonical/to-canonical';
export { fromCanonical, flatNodeData } from './canonical/from-canonical';

/** Version equality of canonical forms. */
export { canonicalProcessEquals, canonicalComparisonKey } from './canonical/equality';

/** Upgrade of older scenario formats. */
export { upgradeScenario } from './upgrade/upgrade-scenario';
export type { UpgradeResult, UpgradeOptions } from './upgrade/upgrade-scenario';

/** Identifier rules for scenario names and node ids. */
export { validateNodeId, validateScenarioName, MAX_IDENTIFIER_LENGTH } from './identifiers';

/** The component id a node instantiates (`builtin-filter`, `source-kafka`, ...). */
export { componentIdOfNode } from './component-id';

/** Graph queries for the validator and the designer. */
export {
  findNode,
  outgoingEdges,
  incomingEdges,
  successors,
  predecessors,
  reachableFrom,
  topologicalOrder,
  nodesOnCycles,
} from './structure/queries';
export type { TopologicalOrderResult } from './structure/queries';

/** Structural problems of a graph, as issues with node ids. */
export { findStructureProblems, canonicalFormProblems, CANONICAL_FORM_PROBLEMS, edgeKind, acceptsIncomingEdges, OUTGOING_EDGE_RULES } from './structure/problems';
export type { EdgeKind, OutgoingEdgeRule } from './structure/problems';
export { checkNewEdge } from './structure/connect';

/** The `dictKeyWithLabel` expression form a dictionary editor writes (`{"key":…,"label":…}`). */
export { DICT_KEY_WITH_LABEL, dictKeyWithLabelExpression, parseDictKeyWithLabel } from './dict-key-with-label';
export type { DictKeyWithLabel } from './dict-key-with-label';

/** What the designer draws over the canvas: records per edge from node counts, and node search. */
export { countEdges } from './insight/edge-counts';
export type { NodeRecordCount, EdgeRecordCount } from './insight/edge-counts';
export { searchNodes, expressionsOf } from './insight/node-search';
export type { NodeSearchMatch, NodeSearchResult } from './insight/node-search';

/** Pure editing helpers: ids, copy and paste, removal, renaming. */
export { uniqueNodeId, newNodeId } from './editing/ids';
export { copySelection, pasteSelection, removeNodes, renameNode, serializeSelection, parseSelection } from './editing/clipboard';
export type { GraphSelection, PasteOptions } from './editing/clipboard';

/** Version compare in Nussknacker's shape, blind to canvas positions, and the field diff of one element. */
export {
  NodeNotPresentInOtherSchema,
  NodeNotPresentInCurrentSchema,
  NodeDifferentSchema,
  EdgeNotPresentInOtherSchema,
  EdgeNotPresentInCurrentSchema,
  EdgeDifferentSchema,
  PropertiesDifferentSchema,
  ScenarioDifferenceSchema,
  ScenarioComparisonSchema,
} from './schemas/scenario-difference';
export type { ScenarioDifference, ScenarioDifferenceType, ScenarioComparison } from './schemas/scenario-difference';
export {
  compareScenarios,
  fieldDifferences,
  withoutLayout,
  nodeDifferenceKey,
  edgeDifferenceKey,
  PROPERTIES_DIFFERENCE_KEY,
} from './compare/compare-scenarios';
export type { FieldDifference } from './compare/compare-scenarios';
