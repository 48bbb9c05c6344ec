/** The suite format (YAML or JSON) and its reader. */
export { parseTestSuite } from './suite';
export type { SuiteIssue } from './suite';
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
/** Scenario files: exported canonical JSON or a graph. */
export { parseScenarioFile, MAX_SCENARIO_CHARS } from './scenario-file';
export type { ScenarioFile, ScenarioFileIssue } from './scenario-file';
/** Running a suite in the engine. */
export { runTestSuite } from './runner';
export type { RunSuiteOptions } from './runner';
/** Reports as data: zod schemas (also at `@scenaria/scenario-tests/schemas`, zod only) and their types. */
export { SuiteReportSchema, TestCaseReportSchema, CoverageSchema, CoverageEdgeSchema } from './report-schema';
export type { SuiteReport, TestCaseReport } from './report-schema';
/** Node, edge and branch coverage. */
export type { Coverage, CoverageEdge } from './report-schema';
/** Readable differences between expected and actual values. */
export { differences } from './differences';
/** Reports: text and JUnit XML. */
export { formatReport, formatCoverage, toJUnitXml } from './report';
