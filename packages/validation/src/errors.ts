import type { Issue } from '@scenaria/issues';
import { z } from 'zod';

/** Whether an error lets a scenario be saved or even shown (semantics.md §4). */
export const ErrorTypeSchema = z.enum(['SaveAllowed', 'SaveNotAllowed', 'RenderNotAllowed']);
/** Severity of a validation error for saving and rendering. */
export type ErrorType = z.infer<typeof ErrorTypeSchema>;

/** One validation error as the REST API sends it (NodeValidationError of the reference); made by {@link toNodeValidationError}. */
export const NodeValidationErrorSchema = z.object({
  typ: z.string(),
  message: z.string(),
  description: z.string(),
  // The reference sends null for both; the API drops null fields from its records (rest-api.md conventions),
  // so on the wire they may also be absent.
  fieldName: z.string().nullish(),
  errorType: ErrorTypeSchema,
  details: z.record(z.string(), z.unknown()).nullish(),
});
/** One validation error on the wire. */
export type NodeValidationError = z.infer<typeof NodeValidationErrorSchema>;

/**
 * The catalogue of error `typ`s with their severity and what they mean. Names follow Nussknacker where it
 * has one; the others are ours and are listed in the README. The codes are this table's keys, so a code
 * cannot exist without its severity and description.
 */
export const errorCatalogue = {
  // graph structure
  // Save-allowed as in Nussknacker, so a new scenario can be saved with only its properties changed.
  EmptyProcess: ['SaveAllowed', 'The scenario has no nodes.'],
  DuplicatedNodeIds: ['RenderNotAllowed', 'Two or more nodes have the same id.'],
  LooseNode: ['RenderNotAllowed', 'A node is not connected to the rest of the scenario.'],
  InvalidRootNode: ['SaveAllowed', 'The scenario must start with a source (or a fragment input in a fragment).'],
  InvalidTailOfBranch: ['SaveAllowed', 'A branch must end with a sink, a processor, an ending custom node or a fragment output.'],
  InvalidEdge: ['RenderNotAllowed', 'An edge refers to a missing node or has a type its source node does not support.'],
  DuplicatedEdge: ['RenderNotAllowed', 'Two edges connect the same nodes the same way.'],
  CycleInScenario: ['RenderNotAllowed', 'The scenario graph contains a cycle.'],
  // identifiers and labels
  NodeIdValidationError: ['SaveNotAllowed', 'The node id is empty, too long or contains forbidden characters.'],
  ScenarioNameValidationError: ['SaveNotAllowed', 'The scenario name is empty, too long or contains forbidden characters.'],
  ScenarioLabelValidationError: ['SaveAllowed', 'A scenario label is not valid.'],
  // components
  MissingSourceFactory: ['SaveAllowed', 'The source component does not exist in this processing type.'],
  MissingSinkFactory: ['SaveAllowed', 'The sink component does not exist in this processing type.'],
  MissingService: ['SaveAllowed', 'The service does not exist in this processing type.'],
  MissingCustomNodeExecutor: ['SaveAllowed', 'The custom component does not exist in this processing type.'],
  UnknownFragment: ['SaveAllowed', 'The fragment does not exist.'],
  UnsupportedProcessingMode: ['SaveAllowed', 'The component cannot be used in the processing mode of this scenario.'],
  UnsupportedNodeType: ['SaveAllowed', 'This node type cannot be used here.'],
  DisabledNode: ['SaveAllowed', 'The node is disabled and is skipped when the scenario runs.'],
  // parameters
  MissingParameters: ['SaveAllowed', 'Required parameters are missing.'],
  RedundantParameters: ['SaveAllowed', 'The node has parameters the component does not define.'],
  DuplicateParameter: ['SaveAllowed', 'A parameter is given more than once.'],
  EmptyMandatoryParameter: ['SaveAllowed', 'This field is mandatory and can not be empty.'],
  BlankParameter: ['SaveAllowed', 'This field value is required and can not be blank.'],
  MismatchParameter: ['SaveAllowed', 'The value does not match the required pattern.'],
  LowerThanRequiredParameter: ['SaveAllowed', 'The value is lower than the minimum.'],
  GreaterThanRequiredParameter: ['SaveAllowed', 'The value is greater than the maximum.'],
  CompileTimeEvaluableParameterNotEvaluated: ['SaveAllowed', 'The value must be known when the scenario is compiled (a literal or an expression of literals).'],
  InvalidIntegerLiteralParameter: ['SaveAllowed', 'The value must be an integer literal.'],
  CustomParameterValidationError: ['SaveAllowed', 'The value does not pass the validation expression.'],
  InvalidPropertyFixedValue: ['SaveAllowed', 'The value is not one of the allowed values.'],
  MissingBranchParameters: ['SaveAllowed', 'A branch of the join has no values for the branch parameters.'],
  // expressions and variables
  ExpressionParserCompilationError: ['SaveAllowed', 'The expression does not parse or does not type-check.'],
  NotSupportedExpressionLanguage: ['SaveAllowed', 'The expression language is not supported for this field.'],
  OverwrittenVariable: ['SaveAllowed', 'A variable with this name is already defined.'],
  InvalidVariableName: ['SaveAllowed', 'The variable name is not a valid identifier.'],
  MissingOutputVariable: ['SaveAllowed', 'The component produces a value and needs an output variable name.'],
  DuplicateFieldName: ['SaveAllowed', 'A record field name is used more than once.'],
  CustomNodeError: ['SaveAllowed', 'The component reported a problem with its configuration.'],
  NodeResultsLimitReached: ['SaveAllowed', 'The scenario has so many variables along its paths that typing results are left out from this node on (a warning).'],
  // fragments
  FragmentParamClassLoadError: ['SaveAllowed', 'The parameter type is not a known class.'],
  DuplicateFragmentInputParameter: ['SaveAllowed', 'Two fragment parameters have the same name.'],
  DuplicateFragmentOutputNames: ['SaveAllowed', 'Two fragment outputs have the same name.'],
  UnsupportedFixedValuesType: ['SaveAllowed', 'Fixed values are supported only for String, Boolean, Integer and Long parameters.'],
  RequireValueFromEmptyFixedList: ['SaveAllowed', 'The fixed values list is empty, so no value can be chosen.'],
  InitialValueNotPresentInPossibleValues: ['SaveAllowed', 'The initial value is not one of the fixed values.'],
  ExpressionParserCompilationErrorInFragmentDefinition: ['SaveAllowed', 'An expression of the fragment definition does not parse or type-check.'],
  InvalidValidationExpression: ['SaveAllowed', 'The validation expression of a fragment parameter is not valid.'],
  UnknownFragmentOutput: ['SaveAllowed', 'An edge refers to an output the fragment does not have.'],
  FragmentCycle: ['SaveAllowed', 'A fragment uses itself, directly or through other fragments.'],
  DisabledFragmentOutputs: ['SaveAllowed', 'A disabled fragment must have exactly one output.'],
  // scenario properties
  UnknownProperty: ['SaveAllowed', 'The property is not defined for this processing type.'],
  MissingRequiredProperty: ['SaveAllowed', 'A required property has no value.'],
  InvalidPropertyValue: ['SaveAllowed', 'The property value is not valid.'],
} as const satisfies Record<string, readonly [ErrorType, string]>;

/** A stable error `typ` of the catalogue. */
export type ErrorTyp = keyof typeof errorCatalogue;

/** A problem found by validation: an `Issue` whose code is an error `typ` of the catalogue. */
export interface ValidationIssue extends Issue<ErrorTyp> {
  readonly details?: Record<string, unknown>;
  /** Replaces the catalogue's description (a validator that brings its own). */
  readonly description?: string;
}

/** Builds an issue of the catalogue; `paramName` is the node's parameter or field (`$id`, `$labels`, a property name). */
export function validationIssue(
  code: ErrorTyp,
  message: string,
  paramName: string | null = null,
  details: Record<string, unknown> | null = null,
  description?: string,
): ValidationIssue {
  return {
    code,
    message,
    ...(paramName === null ? {} : { paramName }),
    ...(details === null ? {} : { details }),
    ...(description === undefined ? {} : { description }),
  };
}

/**
 * The wire form of an issue: `code` becomes `typ`, `paramName` becomes `fieldName`, and the catalogue gives
 * the severity and (unless the issue has its own) the description. The one place a NodeValidationError is made.
 */
export function toNodeValidationError(issue: ValidationIssue): NodeValidationError {
  const [errorType, description] = errorCatalogue[issue.code];
  return {
    typ: issue.code,
    message: issue.message,
    description: issue.description ?? description,
    fieldName: issue.paramName ?? null,
    errorType,
    details: issue.details ?? null,
  };
}

/** A wire error of the catalogue in one step, for callers that answer with NodeValidationErrors directly. */
export function validationError(
  typ: ErrorTyp,
  message: string,
  fieldName: string | null = null,
  details: Record<string, unknown> | null = null,
  description?: string,
): NodeValidationError {
  return toNodeValidationError(validationIssue(typ, message, fieldName, details, description));
}
