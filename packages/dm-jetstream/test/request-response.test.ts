import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanonicalProcess } from '@scenaria/graph';
import { createJetStreamDeploymentManager, startWorker } from '../src/index';
import type { JetStreamDeploymentManager, ScenarioWorker } from '../src/index';
import { deleteNamespace, dependencies, deploymentData, eventually, param, processVersion, replace, spel, testModels, testSettings, uniqueNamespace } from './support';

const lenientSchema = { type: 'object', properties: { amount: { type: 'integer' } } };

function feeScenario(name: string, slug = 'fees', inputSchema: unknown = lenientSchema): CanonicalProcess {
  return {
    metaData: { id: name, additionalFields: { metaDataType: 'RequestResponseMetaData', properties: { slug, inputSchema: JSON.stringify(inputSchema) } } },
    nodes: [
      { type: 'Source', id: 'request', ref: { typ: 'request', parameters: [] } },
      { type: 'Variable', id: 'fee', varName: 'fee', value: spel('#input.amount * 3 + 1') },
      { type: 'Sink', id: 'response', ref: { typ: 'response', parameters: [param('Raw editor', 'true'), param('Value', '{fee: #fee}')] } },
    ],
    additionalBranches: [],
  };
}

describe('request-response scenarios in worker copies', () => {
  const namespace = uniqueNamespace();
  const settings = testSettings(namespace, { requestResponsePort: 0 });
  let manager: JetStreamDeploymentManager;
  const workers: ScenarioWorker[] = [];

  beforeAll(async () => {
    manager = await createJetStreamDeploymentManager({ settings, models: testModels() }, dependencies());
    for (const id of ['copy-1', 'copy-2']) workers.push(await startWorker({ settings, models: testModels(), workerId: id }));
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await manager?.close();
    await deleteNamespace(namespace);
  });

  const post = (worker: ScenarioWorker, body: string) => fetch(`${worker.requestResponseUrl()}/scenario/fees`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('every copy answers, bad bodies are 4xx, and cancel takes the endpoint away', async () => {
    const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('fees'), deploymentData: deploymentData(), scenario: feeScenario('fees'), updateStrategy: replace });
    expect(deployed, JSON.stringify(deployed)).toMatchObject({ ok: true });
    for (const worker of workers) {
      const response = await eventually(async () => {
        const answer = await post(worker, JSON.stringify({ amount: 7 }));
        expect(answer.status).toBe(200);
        return answer;
      });
      expect(await response.json()).toEqual({ fee: 22 });
    }
    const [running] = await manager.getScenarioStatuses('fees');
    expect(running?.status.name).toBe('RUNNING');
    const notJson = await post(workers[0] as ScenarioWorker, '{not json');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ message: 'The body is not JSON' });
    const tooLarge = await post(workers[0] as ScenarioWorker, JSON.stringify({ amount: 1, padding: 'x'.repeat(1024 * 1024) }));
    expect(tooLarge.status).toBe(413);
    expect((await fetch(`${workers[0]?.requestResponseUrl()}/scenario/nothing-here`)).status).toBe(404);
    expect((await fetch(`${workers[0]?.requestResponseUrl()}/scenario/%E0%A4%A`)).status).toBe(404);
    expect((await fetch(`${workers[0]?.requestResponseUrl()}/scenario/fees`, { method: 'DELETE' })).status).toBe(405);

    expect((await manager.processCommand({ type: 'cancelScenario', scenarioName: 'fees', user: { id: 'admin', username: 'admin' } })).ok).toBe(true);
    for (const worker of workers) await eventually(async () => expect((await post(worker, JSON.stringify({ amount: 7 }))).status).toBe(404));
  });

  it('a body breaking the inputSchema gets 400 with the violations (as from the embedded manager), a good one is answered', async () => {
    const schema = { type: 'object', required: ['amount'], additionalProperties: false, properties: { amount: { type: 'integer', minimum: 0 }, currency: { enum: ['EUR', 'PLN'] } } };
    const deployed = await manager.processCommand({
      type: 'runDeployment',
      processVersion: processVersion('strict-fees'),
      deploymentData: deploymentData(),
      scenario: feeScenario('strict-fees', 'strict-fees', schema),
      updateStrategy: replace,
    });
    expect(deployed, JSON.stringify(deployed)).toMatchObject({ ok: true });
    const worker = workers[0] as ScenarioWorker;
    const postStrict = (body: unknown) => fetch(`${worker.requestResponseUrl()}/scenario/strict-fees`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const good = await eventually(async () => {
      const answer = await postStrict({ amount: 5, currency: 'EUR' });
      expect(answer.status).toBe(200);
      return answer;
    });
    expect(await good.json()).toEqual({ fee: 16 });

    const broken = await postStrict({ amount: -1, currency: 'USD', note: 'x' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      message: 'The request does not match the input schema',
      violations: expect.arrayContaining([
        { path: '/note', message: 'unexpected property note' },
        { path: '/amount', message: '/amount must be >= 0' },
        { path: '/currency', message: '/currency must be one of ["EUR","PLN"]' },
      ]) as unknown,
    });
    const missing = await postStrict({});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: 'The request does not match the input schema', violations: [{ path: '/amount', message: 'missing required property amount' }] });

    // A schema that cannot be compiled (a `$ref` to another document) refuses the deployment, not each request.
    const refused = await manager.processCommand({
      type: 'runDeployment',
      processVersion: processVersion('strict-fees'),
      deploymentData: deploymentData(),
      scenario: feeScenario('strict-fees', 'strict-fees', { properties: { amount: { $ref: 'https://example.com/a.json' } } }),
      updateStrategy: replace,
    });
    expect(refused.ok ? [] : refused.errors.map((e) => e.code)).toEqual(['InvalidInputSchema']);

    expect((await manager.processCommand({ type: 'cancelScenario', scenarioName: 'strict-fees', user: { id: 'admin', username: 'admin' } })).ok).toBe(true);
  });

  it('test runs are answered by a worker, and refused as a value when none is alive', async () => {
    const testData = { records: [{ sourceId: 'request', record: { amount: 2 } }] };
    const outcome = await manager.processCommand({ type: 'testScenario', scenarioName: 'fees', scenario: feeScenario('fees'), testData });
    expect(outcome.ok && outcome.value.counts['fee']?.all).toBe(1);
    const lonelyNamespace = uniqueNamespace();
    const lonely = await createJetStreamDeploymentManager({ settings: testSettings(lonelyNamespace), models: testModels() }, dependencies());
    try {
      const refused = await lonely.processCommand({ type: 'testScenario', scenarioName: 'fees', scenario: feeScenario('fees'), testData });
      expect(refused.ok ? [] : refused.errors.map((e) => e.code)).toEqual(['NoWorker']);
    } finally {
      await lonely.close();
      await deleteNamespace(lonelyNamespace);
    }
  });
});
