import { afterAll, beforeAll, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { greetingGraph } from './graphs';

// Scenarios with no action and no job share one state per manager (computed once); one that is deployed and
// cancelled must leave that shared state as it was, for itself and for the others.
let server: TestServer | undefined;
beforeAll(async () => {
  server = await startTestServer('pglite');
}, 120_000);
afterAll(async () => {
  await server?.close();
}, 60_000);

test('never deployed scenarios show the same state in lists and alone; a deployed one its own, without changing theirs', { timeout: 120_000 }, async () => {
  const s = server!;
  for (const name of ['idle-a', 'idle-b', 'deployed-one']) {
    expect((await s.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'RequestResponse' } })).status).toBe(201);
    expect((await s.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: greetingGraph(name) } })).status).toBe(200);
  }
  const statesInList = async () => {
    const listed = await s.call('reader', api.listScenarios, { query: {} });
    if (!listed.ok) throw new Error(`list: ${listed.status}`);
    return new Map(listed.data.map((scenario) => [scenario.name, scenario.state]));
  };
  const alone = async (name: string) => {
    const state = await s.call('reader', api.getScenarioState, { params: { scenarioName: name } });
    if (!state.ok) throw new Error(`state of ${name}: ${state.status}`);
    return state.data;
  };

  const before = await statesInList();
  expect(before.get('idle-a')?.status.name).toBe('NOT_DEPLOYED');
  expect(before.get('idle-b')).toEqual(before.get('idle-a'));
  expect(await alone('idle-a')).toEqual(before.get('idle-a'));

  const deploy = await s.call('writer', api.deployScenario, { params: { scenarioName: 'deployed-one' } });
  expect(deploy.status, JSON.stringify(deploy)).toBe(200);
  const deployed = await alone('deployed-one');
  expect(deployed.status.name).not.toBe('NOT_DEPLOYED');
  expect(deployed.allowedActions).toContain('CANCEL');
  const during = await statesInList();
  expect(during.get('deployed-one')?.status.name).toBe(deployed.status.name);
  expect(during.get('idle-a')).toEqual(before.get('idle-a'));

  expect((await s.call('writer', api.cancelScenario, { params: { scenarioName: 'deployed-one' } })).status).toBe(200);
  expect((await alone('deployed-one')).status.name).toBe('CANCELED');
  const after = await statesInList();
  expect(after.get('deployed-one')?.status.name).toBe('CANCELED');
  expect(after.get('idle-b')).toEqual(before.get('idle-a'));
  expect(await alone('idle-b')).toEqual(before.get('idle-a'));
});
