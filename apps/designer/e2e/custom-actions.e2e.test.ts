import { describe, expect, it } from 'vitest';
import type { ApiDeploymentManager } from '../../api/src/services/deployment-managers';
import { eventually } from './eventually';
import { node } from './canvas';
import { apiCall, signIn, useServerAndBrowser } from './harness';
import { deployWithComment } from './toolbar';

// Custom actions of a deployment manager in the toolbar, with their parameter forms (issue 19). The embedded
// manager defines none, so this one adds a "note" action on top of the real manager, as the API's own tests do;
// everything else (deploy, status, the action's checks and recording) is the real server's.

type DeploymentManagerCommand = Parameters<ApiDeploymentManager['processCommand']>[0];

const notes: string[] = [];
function withNoteAction(real: ApiDeploymentManager): ApiDeploymentManager {
  return {
    ...real,
    customActions: [
      {
        name: 'note',
        allowedStateStatusNames: ['RUNNING'],
        icon: null,
        parameters: [
          { name: 'reason', editor: { type: 'StringParameterEditor' }, required: true },
          { name: 'urgent', editor: { type: 'BoolParameterEditor' }, required: false },
        ],
        isStateChanging: false,
      },
    ],
    processCommand: (async (command: DeploymentManagerCommand) => {
      if (command.type !== 'customAction') return real.processCommand(command);
      notes.push(`${command.params.reason}/${command.params.urgent}`);
      return { ok: true, value: { msg: `noted: ${command.params.reason}` } };
    }) as ApiDeploymentManager['processCommand'],
  };
}

const spel = (expression: string) => ({ language: 'spel', expression });
const graph = {
  properties: { additionalFields: { description: null, properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' }, metaDataType: 'StreamMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'payments', ref: { typ: 'kafka', parameters: [{ name: 'Topic', expression: spel("'noted-payments'") }, { name: 'Schema version', expression: spel("'latest'") }] } },
    { type: 'Sink', id: 'dropped', ref: { typ: 'dead-end', parameters: [] } },
  ],
  edges: [{ from: 'payments', to: 'dropped', edgeType: null }],
};

const e2e = useServerAndBrowser(
  async ({ server, browser }) => {
    expect((await apiCall(server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name: 'noted', isFragment: false, category: 'Default' }) })).status).toBe(201);
    const saved = await apiCall(server.url, '/api/processes/noted', { method: 'PUT', body: JSON.stringify({ scenarioGraph: graph }) });
    expect(saved.status, await saved.clone().text()).toBe(200);
    await signIn(browser.page, server.url);
  },
  { wrapManager: { processingType: 'streaming', wrap: withNoteAction } },
);

describe('custom actions', () => {
  it('offers the manager’s action in the toolbar when the status allows it, checks its form on the server and runs it', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/noted`);
    await eventually(() => node(page, 'payments').count()).toBe(1);
    const note = page.locator('[data-testid="custom-action"][data-action="note"]');
    await eventually(() => note.count()).toBe(1);
    // Offered while running only.
    expect(await note.isDisabled()).toBe(true);
    await deployWithComment(page, 'to take notes');
    await eventually(() => note.isDisabled()).toBe(false);

    await note.click();
    // An empty required parameter: the server says so on the field, and the form stays open.
    await page.getByTestId('confirm-custom-action').click();
    await eventually(() => page.getByTestId('custom-action-error').count()).toBeGreaterThan(0);
    expect(notes).toEqual([]);
    await page.locator('#custom-action-reason').fill('audit');
    await page.locator('#custom-action-urgent').selectOption('true');
    await page.getByTestId('confirm-custom-action').click();
    await eventually(() => page.getByTestId('notice').textContent()).toContain('note: noted: audit');
    expect(notes).toEqual(['audit/true']);
    // The form closes once the scenario's details are read again, a moment after the notice.
    await eventually(() => page.locator('#custom-action-reason').isVisible()).toBe(false);
  });
});
