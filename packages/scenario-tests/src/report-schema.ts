import { z } from 'zod';

/** An edge of the graph, with the branch it is (`true`/`false` of a filter, a choice's condition or `default`, `split`). */
export const CoverageEdgeSchema = z.object({
  from: z.string(),
  to: z.string(),
  branch: z.string().optional(),
});
export type CoverageEdge = z.infer<typeof CoverageEdgeSchema>;

const countOf = <T extends z.ZodType>(uncovered: T) => z.object({ total: z.number().int(), covered: z.number().int(), uncovered: z.array(uncovered) });

/** Which nodes, edges and branches (the edges out of filters, choices and splits) of a scenario the tests reached. */
export const CoverageSchema = z.object({
  nodes: countOf(z.string()),
  edges: countOf(CoverageEdgeSchema),
  branches: countOf(CoverageEdgeSchema),
});
export type Coverage = z.infer<typeof CoverageSchema>;

/** The outcome of one test: `error` when it could not run (unknown source, scenario does not compile). */
export const TestCaseReportSchema = z.object({
  name: z.string(),
  status: z.enum(['passed', 'failed', 'error']),
  /** Readable lines: what differed, or why the test could not run. */
  messages: z.array(z.string()),
  records: z.number().int(),
});
export type TestCaseReport = z.infer<typeof TestCaseReportSchema>;

/** The outcome of a suite: each test, the totals and the coverage of the scenario's nodes and branches. */
export const SuiteReportSchema = z.object({
  /** How the suite is named in reports (its file, for the CLI). */
  name: z.string(),
  scenarioName: z.string(),
  tests: z.array(TestCaseReportSchema),
  passed: z.number().int(),
  failed: z.number().int(),
  errors: z.number().int(),
  coverage: CoverageSchema,
});
export type SuiteReport = z.infer<typeof SuiteReportSchema>;
