import { z } from '@hono/zod-openapi';

/**
 * The name of a stored test suite: it is a path segment, so letters, digits, spaces, dots, dashes and
 * underscores only, starting with a letter or digit.
 */
export const TestSuiteNameParamSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, 'letters, digits, spaces, dots, dashes and underscores, starting with a letter or digit')
  .openapi({ param: { name: 'suiteName', in: 'path' }, example: 'payments' });

/** A stored suite as listed: its name, how many tests it holds and who changed it last. */
export const TestSuiteSummarySchema = z
  .object({
    name: z.string(),
    description: z.string().optional(),
    testCount: z.number().int(),
    createdAt: z.string(),
    createdBy: z.string(),
    modifiedAt: z.string(),
    modifiedBy: z.string(),
  })
  .openapi('TestSuiteSummary');
export type TestSuiteSummary = z.infer<typeof TestSuiteSummarySchema>;
