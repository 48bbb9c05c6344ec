import { z } from '@hono/zod-openapi';
import { validateScenarioName } from '@scenaria/graph';

/** Body of every error response: a message, plus where the input was wrong when it was. */
export const ErrorResponseSchema = z
  .object({
    message: z.string(),
    path: z.array(z.union([z.string(), z.number()])).optional(),
    issues: z
      .array(
        z.object({
          code: z.string(),
          message: z.string(),
          path: z.array(z.union([z.string(), z.number()])),
        }),
      )
      .optional(),
  })
  .openapi('ErrorResponse', { example: { message: 'Scenario my-scenario not found' } });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/**
 * A scenario name as a path segment, held to the identifier rules of `@scenaria/graph`: no scenario can have
 * a name they refuse (creating and renaming check them), so such a segment is bad input (400 naming the
 * parameter) and never reaches the database, which refuses NUL in text.
 */
export const ScenarioNameParamSchema = z
  .string()
  .superRefine((name, context) => {
    for (const issue of validateScenarioName(name)) context.addIssue({ code: 'custom', message: issue.message });
  })
  .openapi({ param: { name: 'scenarioName', in: 'path' }, example: 'fraud-detection' });

/** Path parameters of every route addressing one scenario. */
export const ScenarioPathSchema = z.object({ scenarioName: ScenarioNameParamSchema });

/** A version number in a path: a positive integer. */
export const VersionIdParamSchema = z.coerce
  .number()
  .int()
  .positive()
  // Versions are stored as 32-bit integers: a larger id would fail in the database instead of being bad input.
  .max(2_147_483_647)
  .openapi({ param: { name: 'versionId', in: 'path' }, example: 1, type: 'integer' });

/** Query flags are sent as the strings "true" / "false"; anything else is bad input. */
export const BooleanQuerySchema = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .openapi({ type: 'boolean' });

/** A comma separated list in a query string. */
export const CommaListQuerySchema = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim()).filter((part) => part.length > 0))
  .openapi({ type: 'string', example: 'Default,RequestResponse' });

/** The permissions a role can hold on a category. */
export const PermissionSchema = z.enum(['Read', 'Write', 'Deploy', 'Demo', 'Impersonate']).openapi('Permission');
export type Permission = z.infer<typeof PermissionSchema>;

/** Processing modes of the reference. */
export const ProcessingModeSchema = z
  .enum(['Unbounded-Stream', 'Request-Response', 'Bounded-Stream'])
  .openapi('ProcessingMode');
export type ProcessingMode = z.infer<typeof ProcessingModeSchema>;
