import { UIParameterSchema } from '@scenaria/components';
import { TypingResultJsonSchema } from '@scenaria/typing';
import { z } from 'zod';
import { NodeValidationErrorSchema, type NodeValidationError } from './errors';

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

/** Collects errors, warnings and node results while a scenario is validated. */
export class ValidationResultBuilder {
  private readonly invalidNodes: Record<string, NodeValidationError[]> = {};
  private readonly warnings: Record<string, NodeValidationError[]> = {};
  private readonly propertiesErrors: NodeValidationError[] = [];
  private readonly globalErrors: { error: NodeValidationError; nodeIds: string[] }[] = [];
  readonly nodeResults: Record<string, NodeTypingData> = {};

  nodeError(nodeId: string, error: NodeValidationError): void {
    (this.invalidNodes[nodeId] ??= []).push(error);
  }

  nodeWarning(nodeId: string, warning: NodeValidationError): void {
    (this.warnings[nodeId] ??= []).push(warning);
  }

  propertiesError(error: NodeValidationError): void {
    this.propertiesErrors.push(error);
  }

  globalError(error: NodeValidationError, nodeIds: string[]): void {
    this.globalErrors.push({ error, nodeIds });
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
export function hasErrors(result: ValidationResult): boolean {
  return (
    Object.keys(result.errors.invalidNodes).length > 0 ||
    result.errors.processPropertiesErrors.length > 0 ||
    result.errors.globalErrors.length > 0
  );
}

/** Whether a result forbids saving (any `SaveNotAllowed` or `RenderNotAllowed` error). */
export function isSaveBlocked(result: ValidationResult): boolean {
  const all = [
    ...Object.values(result.errors.invalidNodes).flat(),
    ...result.errors.processPropertiesErrors,
    ...result.errors.globalErrors.map((g) => g.error),
  ];
  return all.some((e) => e.errorType !== 'SaveAllowed');
}
