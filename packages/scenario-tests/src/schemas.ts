// The wire shapes of suites and reports, with zod only: the API contract (and through it the designer in a
// browser) imports this entry, never the runner with the engine.

export {
  TestSuiteSchema,
  StoredTestSuiteSchema,
  TestCaseSchema,
  TestMocksSchema,
  TestExpectationsSchema,
  TestInputSchema,
  MAX_RECORDS_PER_TEST,
  MAX_TESTS_PER_SUITE,
  MAX_SUITE_CHARS,
} from './suite-schema';
export type { TestSuite, StoredTestSuite, TestCase, TestMocks, TestExpectations } from './suite-schema';
export { CoverageSchema, CoverageEdgeSchema, TestCaseReportSchema, SuiteReportSchema } from './report-schema';
export type { Coverage, CoverageEdge, TestCaseReport, SuiteReport } from './report-schema';
