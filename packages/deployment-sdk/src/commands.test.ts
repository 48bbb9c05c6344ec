import { describe, expect, it } from 'vitest';
import { commandProcessor } from './commands';
import type { CommandHandlers } from './commands';

describe('commandProcessor', () => {
  it('dispatches each command to its handler', async () => {
    const refused = async () => ({ ok: false as const, errors: [{ code: 'Unsupported', message: 'not in this test' }] });
    const handlers: CommandHandlers = {
      validate: async () => ({ ok: true, value: null }),
      runDeployment: async (command) => ({ ok: true, value: { externalDeploymentId: `job-${command.processVersion.versionId}` } }),
      cancelScenario: refused,
      cancelDeployment: refused,
      stopScenario: async (command) => ({ ok: true, value: { savepointPath: `${command.savepointDir ?? '/tmp'}/sp` } }),
      makeScenarioSavepoint: refused,
      testScenario: refused,
      customAction: async (command) => ({ ok: true, value: { msg: `did ${command.actionName}` } }),
    };
    const processCommand = commandProcessor(handlers);
    const processVersion = { versionId: 4, processName: 's', labels: [], user: 'u', modelVersion: null };
    const run = await processCommand({
      type: 'runDeployment',
      processVersion,
      deploymentData: { deploymentId: 'd', user: { id: 'u', username: 'u' }, additionalDeploymentData: {}, nodesData: {} },
      scenario: { metaData: { id: 's', additionalFields: { metaDataType: 'StreamMetaData' } }, nodes: [], additionalBranches: [] },
      updateStrategy: { type: 'dontReplaceDeployment' },
    });
    expect(run).toEqual({ ok: true, value: { externalDeploymentId: 'job-4' } });
    const custom = await processCommand({ type: 'customAction', actionName: 'hello', processVersion, user: { id: 'u', username: 'u' }, params: {}, comment: null });
    expect(custom.ok && custom.value.msg).toBe('did hello');
    expect((await processCommand({ type: 'cancelScenario', scenarioName: 's', user: { id: 'u', username: 'u' } })).ok).toBe(false);
  });
});
