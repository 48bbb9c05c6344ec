import { UIParameterSchema } from '@scenaria/components';
import { TypingResultJsonSchema } from '@scenaria/typing';
import { z } from 'zod';
import { NodeValidationErrorSchema, toNodeValidationError, type NodeValidationError, type ValidationIssue } from './errors';

/** Per-node typing results: variables at the node's input, dynamic parameters and each expression's type. */
export const NodeTypingDataSchema = z.object({
  variableTypes: z.record(z.string(), TypingResultJsonSchema),
  // Null when the node has no dynamic parameters; absent in scenario records, which drop nulls.
  parameters: z.array(UIParameterSchema).nullish(),
  typingInfo: z.record(z.string(), TypingResultJsonSchema),
});
/** Typing data of one node. */
export type NodeTypingData = z.infer<typeof NodeTypingDataSchema>;

/** Errors of a scenario grouped as the reference does. */
export const ValidationErrorsSchema = z.object({
  invalidNodes: z.record(z.string(), z.array(NodeValidationErrorSchema)),
  processPropertiesErrors: z.array(NodeValidationErrorSchema),
  globalErrors: z.array(z.object({ error: NodeValidationErrorSchema, nodeIds: z.array(z.string()) })),
});

/** The ValidationResult JSON (semantics.md §4). */
export const ValidationResultSchema = z.object({
  errors: ValidationErrorsSchema,
  warnings: z.object({ invalidNodes: z.record(z.string(), z.array(NodeValidationErrorSchema)) }),
  nodeResults: z.record(z.string(), NodeTypingDataSchema),
});
/** The outcome of validating a scenario. */
export type ValidationResult = z.infer<typeof ValidationResultSchema>;

/** Collects issues, warnings and node results while a scenario is validated, in the wire form of the result. */
export class ValidationResultBuilder {
  private readonly invalidNodes: Record<string, NodeValidationError[]> = {};
  private readonly warnings: Record<string, NodeValidationError[]> = {};
  private readonly propertiesErrors: NodeValidationError[] = [];
  private readonly globalErrors: { error: NodeValidationError; nodeIds: string[] }[] = [];
  readonly nodeResults: Record<string, NodeTypingData> = {};

  nodeError(nodeId: string, issue: ValidationIssue): void {
    (this.invalidNodes[nodeId] ??= []).push(toNodeValidationError(issue));
  }

  nodeWarning(nodeId: string, issue: ValidationIssue): void {
    (this.warnings[nodeId] ??= []).push(toNodeValidationError(issue));
  }

  propertiesError(issue: ValidationIssue): void {
    this.propertiesErrors.push(toNodeValidationError(issue));
  }

  globalError(issue: ValidationIssue, nodeIds: string[]): void {
    this.globalErrors.push({ error: toNodeValidationError(issue), nodeIds });
  }

  build(includeNodeResults: boolean): ValidationResult {
    return {
      errors: { invalidNodes: this.invalidNodes, processPropertiesErrors: this.propertiesErrors, globalErrors: this.globalErrors },
      warnings: { invalidNodes: this.warnings },
      nodeResults: includeNodeResults ? this.nodeResults : {},
    };
  }
}

/** Whether a result has errors (warnings do not count). */
export function hasErrors(result: Pick<ValidationResult, 'errors'>): boolean {
  return errorCount(result) > 0;
}

/** How many errors a result holds (warnings do not count). */
export function errorCount(result: Pick<ValidationResult, 'errors'>): number {
  const { invalidNodes, processPropertiesErrors, globalErrors } = result.errors;
  return Object.values(invalidNodes).reduce((sum, list) => sum + list.length, 0) + processPropertiesErrors.length + globalErrors.length;
}

/**
 * Each error of a result as one line that says where it is (the node and field, the properties, or the nodes
 * of a scenario-wide error), for a refusal a user has to act on: "filter (expression): Unresolved reference".
 */
export function describeErrors(result: Pick<ValidationResult, 'errors'>): string[] {
  const where = (place: string, fieldName: string | null | undefined) => (fieldName ? `${place} (${fieldName})` : place);
  const { invalidNodes, processPropertiesErrors, globalErrors } = result.errors;
  return [
    ...Object.entries(invalidNodes).flatMap(([nodeId, list]) => list.map((error) => `${where(nodeId, error.fieldName)}: ${error.message}`)),
    ...processPropertiesErrors.map((error) => `${where('properties', error.fieldName)}: ${error.message}`),
    ...globalErrors.map(({ error, nodeIds }) => (nodeIds.length > 0 ? `${nodeIds.join(', ')}: ${error.message}` : error.message)),
  ];
}

/** Whether an error forbids saving (`SaveNotAllowed` or `RenderNotAllowed`; `SaveAllowed` ones are reported only). */
export function blocksSave(error: { errorType: string }): boolean {
  return error.errorType !== 'SaveAllowed';
}

/** The errors of a result that forbid saving: the nodes' in order, then the properties', then the global ones. */
export function saveBlockingErrors(result: Pick<ValidationResult, 'errors'>): NodeValidationError[] {
  return [...Object.values(result.errors.invalidNodes).flat(), ...result.errors.processPropertiesErrors, ...result.errors.globalErrors.map((g) => g.error)].filter(blocksSave);
}

/** Whether a result forbids saving (any `SaveNotAllowed` or `RenderNotAllowed` error). */
export function isSaveBlocked(result: Pick<ValidationResult, 'errors'>): boolean {
  return saveBlockingErrors(result).length > 0;
}
