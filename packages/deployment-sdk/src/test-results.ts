import { z } from 'zod';

/** A value in test results: `{pretty}` or, for records read from test data, `{original, pretty}`. */
export const ResultValueSchema = z.object({
  original: z.string().optional(),
  pretty: z.unknown(),
});
/** A value in test results. */
export type ResultValue = z.infer<typeof ResultValueSchema>;

/** The context a record had when it reached a node. */
export const ResultContextSchema = z.object({
  id: z.string(),
  variables: z.record(z.string(), ResultValueSchema),
});
/** The context a record had when it reached a node. */
export type ResultContext = z.infer<typeof ResultContextSchema>;

/** An expression value, a service call's input, or a sink's output, for one context. */
export const ExpressionInvocationResultSchema = z.object({
  contextId: z.string(),
  name: z.string(),
  value: ResultValueSchema,
});
/** An expression value, a service call's input, or a sink's output, for one context. */
export type ExpressionInvocationResult = z.infer<typeof ExpressionInvocationResultSchema>;

/** A record that failed in a node. */
export const ExceptionResultSchema = z.object({
  context: ResultContextSchema,
  nodeId: z.string(),
  throwable: z.string().nullable(),
});
/** A record that failed in a node. */
export type ExceptionResult = z.infer<typeof ExceptionResultSchema>;

/** Per-node results of a test run (semantics.md §5). */
export const TestResultsSchema = z.object({
  nodeResults: z.record(z.string(), z.array(ResultContextSchema)),
  invocationResults: z.record(z.string(), z.array(ExpressionInvocationResultSchema)),
  externalInvocationResults: z.record(z.string(), z.array(ExpressionInvocationResultSchema)),
  exceptions: z.array(ExceptionResultSchema),
});
/** Per-node results of a test run. */
export type TestResults = z.infer<typeof TestResultsSchema>;

/** How many records reached a node and how many failed there; fragment nodes nest their inner counts. */
export interface NodeCount {
  all: number;
  errors: number;
  fragmentCounts: Record<string, NodeCount>;
}
/** How many records reached a node and how many failed there. */
export const NodeCountSchema: z.ZodType<NodeCount> = z.object({
  all: z.number().int(),
  errors: z.number().int(),
  fragmentCounts: z.record(z.string(), z.lazy(() => NodeCountSchema)),
});

/** The answer of a test run (`ResultsWithCounts`). */
export const ResultsWithCountsSchema = z.object({
  results: TestResultsSchema,
  counts: z.record(z.string(), NodeCountSchema),
});
/** The answer of a test run. */
export type ResultsWithCounts = z.infer<typeof ResultsWithCountsSchema>;
