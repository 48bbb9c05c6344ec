import { z } from '@hono/zod-openapi';

/** One validation error or warning as the reference reports it (semantics.md §4). */
export const NodeValidationErrorSchema = z
  .object({
    typ: z.string(),
    message: z.string(),
    description: z.string(),
    fieldName: z.string().nullable().optional(),
    errorType: z.enum(['RenderNotAllowed', 'SaveNotAllowed', 'SaveAllowed']),
    details: z.unknown().optional(),
  })
  .openapi('NodeValidationError');
export type NodeValidationError = z.infer<typeof NodeValidationErrorSchema>;

/** The result of validating a whole scenario (semantics.md §4). */
export const ValidationResultSchema = z
  .object({
    errors: z.object({
      invalidNodes: z.record(z.string(), z.array(NodeValidationErrorSchema)),
      processPropertiesErrors: z.array(NodeValidationErrorSchema),
      globalErrors: z.array(z.object({ error: NodeValidationErrorSchema, nodeIds: z.array(z.string()) })),
    }),
    warnings: z.object({ invalidNodes: z.record(z.string(), z.array(NodeValidationErrorSchema)) }),
    nodeResults: z.record(z.string(), z.unknown()),
  })
  .openapi('ValidationResult');
export type ValidationResult = z.infer<typeof ValidationResultSchema>;
