import { z } from '@hono/zod-openapi';
import { StoredTestSuiteSchema, SuiteReportSchema } from '@scenaria/scenario-tests/schemas';
import { ScenarioNameParamSchema, ScenarioPathSchema } from '../schemas/common';
import { TestSuiteNameParamSchema, TestSuiteSummarySchema } from '../schemas/test-suites';
import { defineRoute, jsonContent } from './define';

const tags = ['Test suites'];
const suitePath = z.object({ scenarioName: ScenarioNameParamSchema, suiteName: TestSuiteNameParamSchema });

/** A stored suite with what the list shows of it. */
export const TestSuiteDetailsSchema = TestSuiteSummarySchema.extend({ suite: StoredTestSuiteSchema }).openapi('TestSuiteDetails');

/** `GET /api/processes/{scenarioName}/testSuites`: the scenario's stored test suites, by name. */
export const listTestSuites = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processes/{scenarioName}/testSuites',
    tags,
    summary: 'The test suites stored with a scenario (@scenaria/scenario-tests format without `scenario`)',
    request: { params: ScenarioPathSchema },
    responses: { 200: { description: 'Suites, by name', content: jsonContent(z.array(TestSuiteSummarySchema)) } },
  },
  [404],
);

/** `GET /api/processes/{scenarioName}/testSuites/{suiteName}`. */
export const getTestSuite = defineRoute(
  'Read',
  {
    method: 'get',
    path: '/api/processes/{scenarioName}/testSuites/{suiteName}',
    tags,
    summary: 'A stored test suite',
    request: { params: suitePath },
    responses: { 200: { description: 'The suite', content: jsonContent(TestSuiteDetailsSchema) } },
  },
  [404],
);

/** `PUT /api/processes/{scenarioName}/testSuites/{suiteName}`: stores (creates or replaces) a suite. */
export const putTestSuite = defineRoute(
  'Write',
  {
    method: 'put',
    path: '/api/processes/{scenarioName}/testSuites/{suiteName}',
    tags,
    summary: 'Store a test suite with the scenario (creates or replaces it; recorded as an activity)',
    request: { params: suitePath, body: { required: true, content: jsonContent(StoredTestSuiteSchema) } },
    responses: { 200: { description: 'The stored suite', content: jsonContent(TestSuiteDetailsSchema) } },
  },
  [404, 409],
);

/** `DELETE /api/processes/{scenarioName}/testSuites/{suiteName}`. */
export const deleteTestSuite = defineRoute(
  'Write',
  {
    method: 'delete',
    path: '/api/processes/{scenarioName}/testSuites/{suiteName}',
    tags,
    summary: 'Delete a stored test suite (recorded as an activity)',
    request: { params: suitePath },
    responses: { 200: { description: 'Deleted' } },
  },
  [404, 409],
);

/** `POST /api/processes/{scenarioName}/testSuites/{suiteName}/run`: runs a stored suite against the latest version. */
export const runStoredTestSuite = defineRoute(
  'Read',
  {
    method: 'post',
    path: '/api/processes/{scenarioName}/testSuites/{suiteName}/run',
    tags,
    summary: "Run a stored test suite in the engine against the scenario's latest version: each test's outcome and the coverage",
    request: { params: suitePath },
    responses: { 200: { description: 'The report', content: jsonContent(SuiteReportSchema) } },
  },
  [404, 409],
);
export type TestSuiteDetails = z.infer<typeof TestSuiteDetailsSchema>;
