/** The suite format (YAML or JSON) and its reader. */
export { parseTestSuite } from './suite';
export type { SuiteIssue } from './suite';
/** The wire shapes of suites and reports (also alone at `@scenaria/scenario-tests/schemas`, zod only). */
export * from './schemas';
/** Scenario files: exported canonical JSON or a graph. */
export { parseScenarioFile, MAX_SCENARIO_CHARS } from './scenario-file';
export type { ScenarioFile, ScenarioFileIssue } from './scenario-file';
/** Running a suite in the engine. */
export { runTestSuite } from './runner';
export type { RunSuiteOptions } from './runner';
/** Readable differences between expected and actual values. */
export { differences } from './differences';
/** Reports: text and JUnit XML. */
export { formatReport, formatCoverage, toJUnitXml } from './report';
