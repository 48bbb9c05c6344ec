/** The suite format (YAML or JSON) and its reader. */
export {
  parseTestSuite,
  TestSuiteSchema,
  TestCaseSchema,
  TestMocksSchema,
  TestExpectationsSchema,
  TestInputSchema,
  MAX_RECORDS_PER_TEST,
  MAX_TESTS_PER_SUITE,
  MAX_SUITE_CHARS,
} from './suite';
export type { TestSuite, TestCase, TestMocks, TestExpectations, SuiteIssue } from './suite';
/** Scenario files: exported canonical JSON or a graph. */
export { parseScenarioFile, MAX_SCENARIO_CHARS } from './scenario-file';
export type { ScenarioFile, ScenarioFileIssue } from './scenario-file';
/** Running a suite in the engine. */
export { runTestSuite } from './runner';
export type { RunSuiteOptions, SuiteReport, TestCaseReport } from './runner';
/** Node, edge and branch coverage. */
export type { Coverage, CoverageEdge } from './coverage';
/** Readable differences between expected and actual values. */
export { differences } from './differences';
/** Reports: text and JUnit XML. */
export { formatReport, formatCoverage, toJUnitXml } from './report';
