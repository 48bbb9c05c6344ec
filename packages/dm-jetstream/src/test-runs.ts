import type { CommandOutcome, DeploymentIssue, ResultsWithCounts, ScenarioTestData } from '@scenaria/deployment-sdk';
import { runScenarioTest } from '@scenaria/engine';
import { kindOfMetaDataType } from '@scenaria/graph';
import type { CanonicalProcess } from '@scenaria/graph';
import type { JetStreamConnection } from './connection';
import { engineOptions } from './scenario';
import type { ScenarioCompileOptions } from './scenario';

/**
 * Test runs go to the workers (request and reply on one subject, a queue group: one worker answers), so a
 * user's scenario never runs in the designer's process; a hostile one costs a worker, as with deployments.
 */
export const testRunSubject = (connection: JetStreamConnection): string => `${connection.names.namespace}.test-runs`;

// nats-server's default `max_payload`, when the server did not say.
const DEFAULT_MAX_PAYLOAD = 1024 * 1024;

interface TestRunRequest {
  scenario: CanonicalProcess;
  testData: ScenarioTestData;
}

type TestRunOutcome = CommandOutcome<ResultsWithCounts>;

/** A worker's side: answers test runs until the subscription is closed. */
export function serveTestRuns(connection: JetStreamConnection, compileOptions: ScenarioCompileOptions): { close(): void } {
  const subscription = connection.nc.subscribe(testRunSubject(connection), {
    queue: 'test-runs',
    callback: (_error, message) => {
      void (async () => {
        let outcome: TestRunOutcome;
        try {
          const { scenario, testData } = message.json<TestRunRequest>();
          const kind = kindOfMetaDataType(scenario.metaData.additionalFields.metaDataType) === 'request-response' ? 'request-response' : 'streaming';
          const result = await runScenarioTest(scenario, testData, engineOptions(compileOptions, kind));
          outcome = result.ok ? result : { ok: false, errors: result.errors.map((e): DeploymentIssue => ({ code: e.code, message: e.message, ...(e.nodeId ? { nodeId: e.nodeId } : {}) })) };
        } catch (error) {
          outcome = { ok: false, errors: [{ code: 'TestRunFailed', message: `The test run failed on the worker: ${error instanceof Error ? error.message : String(error)}` }] };
        }
        let body = JSON.stringify(outcome);
        const limit = connection.nc.info?.max_payload ?? DEFAULT_MAX_PAYLOAD;
        if (Buffer.byteLength(body) > limit) {
          body = JSON.stringify({ ok: false, errors: [{ code: 'TestResultsTooLarge', message: `The test results are over the broker's ${limit} bytes; test with fewer records` }] } satisfies TestRunOutcome);
        }
        message.respond(body);
      })();
    },
  });
  return { close: () => subscription.unsubscribe() };
}

/** The designer's side: asks a worker to run the test, within `timeoutMs`. */
export async function requestTestRun(connection: JetStreamConnection, request: TestRunRequest, timeoutMs: number): Promise<TestRunOutcome> {
  const body = JSON.stringify(request);
  const limit = connection.nc.info?.max_payload ?? DEFAULT_MAX_PAYLOAD;
  if (Buffer.byteLength(body) > limit) return { ok: false, errors: [{ code: 'TestDataTooLarge', message: `The scenario and its test data are over the broker's ${limit} bytes` }] };
  try {
    const reply = await connection.nc.request(testRunSubject(connection), body, { timeout: timeoutMs });
    return reply.json<TestRunOutcome>();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/no responders/i.test(message)) return { ok: false, errors: [{ code: 'NoWorker', message: 'No worker of this processing type is alive to run the test' }] };
    if (/timeout/i.test(message)) return { ok: false, errors: [{ code: 'TestTimeout', message: `The test run took longer than ${timeoutMs} ms` }] };
    throw error;
  }
}
