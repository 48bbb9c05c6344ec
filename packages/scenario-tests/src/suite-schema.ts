import { z } from 'zod';

/** Most records one test may feed: the engine bounds each record's work, this bounds how many there are. */
export const MAX_RECORDS_PER_TEST = 1000;
/** Most tests one suite may hold. */
export const MAX_TESTS_PER_SUITE = 500;
/** Longest suite text read (characters). */
export const MAX_SUITE_CHARS = 2_000_000;

const NodeId = z.string().min(1).max(500);

/** One record fed to a source: the record itself, or `{record, timestamp}` to give its event time. */
export const TestInputSchema = z.union([
  z.object({ record: z.unknown(), timestamp: z.number().int().optional() }).strict(),
  z.unknown(),
]);

/** What services answer in a test instead of running: by node id, or by service id for every node calling it. */
export const TestMocksSchema = z
  .object({
    nodes: z.record(NodeId, z.unknown()).optional(),
    services: z.record(z.string().min(1).max(500), z.unknown()).optional(),
  })
  .strict();
export type TestMocks = z.infer<typeof TestMocksSchema>;

/**
 * What a test expects. `sinks`: per sink node, the values it outputs, in order (an empty list: nothing reaches it).
 * `variables`: per node, one entry per record that reaches it, in order, naming variables to check as the record
 * enters the node (a variable node's own variable shows at the nodes after it, as in the designer's test results).
 * `errors`: the nodes where records fail, in order; without it, any failing record fails the test.
 */
export const TestExpectationsSchema = z
  .object({
    sinks: z.record(NodeId, z.array(z.unknown())).optional(),
    variables: z.record(NodeId, z.array(z.record(z.string(), z.unknown()))).optional(),
    errors: z.array(NodeId).optional(),
  })
  .strict();
export type TestExpectations = z.infer<typeof TestExpectationsSchema>;

/** One named test: records per source id (fed source by source, in order), mocks and expectations. */
export const TestCaseSchema = z
  .object({
    name: z.string().min(1).max(500),
    inputs: z.record(NodeId, z.array(TestInputSchema).max(MAX_RECORDS_PER_TEST)),
    mocks: TestMocksSchema.optional(),
    expect: TestExpectationsSchema,
  })
  .strict()
  .superRefine((test, ctx) => {
    const records = Object.values(test.inputs).reduce((sum, list) => sum + list.length, 0);
    if (records > MAX_RECORDS_PER_TEST) {
      ctx.addIssue({ code: 'custom', path: ['inputs'], message: `A test feeds at most ${MAX_RECORDS_PER_TEST} records, this one ${records}` });
    }
  });
export type TestCase = z.infer<typeof TestCaseSchema>;

const suiteFields = {
  description: z.string().max(10_000).optional(),
  tests: z.array(TestCaseSchema).min(1).max(MAX_TESTS_PER_SUITE),
};

function uniqueTestNames(suite: { tests: { name: string }[] }, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  suite.tests.forEach((test, index) => {
    if (seen.has(test.name)) ctx.addIssue({ code: 'custom', path: ['tests', index, 'name'], message: `Duplicate test name ${test.name}` });
    seen.add(test.name);
  });
}

/** A suite: the scenario file it tests (relative to the suite file) and its tests. */
export const TestSuiteSchema = z
  .object({ scenario: z.string().min(1).max(1000), ...suiteFields })
  .strict()
  .superRefine(uniqueTestNames);
export type TestSuite = z.infer<typeof TestSuiteSchema>;

/**
 * A suite stored with its scenario in a designer (`/api/processes/{name}/testSuites/{suiteName}`): the file
 * format without `scenario`, since the suite belongs to the scenario it is stored with.
 */
export const StoredTestSuiteSchema = z.object(suiteFields).strict().superRefine(uniqueTestNames);
export type StoredTestSuite = z.infer<typeof StoredTestSuiteSchema>;

