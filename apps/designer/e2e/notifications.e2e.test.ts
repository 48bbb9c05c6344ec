import { describe, expect, it } from 'vitest';
import { eventually } from './eventually';
import { apiCall, screenshot, signIn, useServerAndBrowser } from './harness';

// Notifications of deploy and cancel outcomes (issue 19): polled from /api/notifications, announced as toasts,
// listed under the bell and marked read (kept read across reloads).

const spel = (expression: string) => ({ language: 'spel', expression });
const graph = {
  properties: { additionalFields: { description: null, properties: { slug: 'notified' }, metaDataType: 'RequestResponseMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'request', ref: { typ: 'request', parameters: [] } },
    { type: 'Sink', id: 'response', ref: { typ: 'response', parameters: [{ name: 'Raw editor', expression: spel('true') }, { name: 'Value', expression: spel("{ok: true}") }] } },
  ],
  edges: [{ from: 'request', to: 'response', edgeType: null }],
};

const e2e = useServerAndBrowser(async ({ server, browser }) => {
  expect((await apiCall(server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name: 'notified', isFragment: false, category: 'RequestResponse' }) })).status).toBe(201);
  const saved = await apiCall(server.url, '/api/processes/notified', { method: 'PUT', body: JSON.stringify({ scenarioGraph: graph }) });
  expect(saved.status, await saved.clone().text()).toBe(200);
  await signIn(browser.page, server.url);
});

describe('notifications', () => {
  it('announces deploy and cancel outcomes as toasts, lists them under the bell and keeps them read', async () => {
    const { page } = e2e.browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      await page.goto(e2e.server.url);
      await eventually(() => page.getByTestId('notifications-button').count()).toBe(1);
      expect(await page.getByTestId('notifications-unread').count()).toBe(0);

      // The signed-in user deploys elsewhere (a script, another tab): this page hears of it.
      const deployed = await apiCall(e2e.server.url, '/api/processManagement/deploy/notified', { method: 'POST', body: '{}' }, 'writer');
      expect(deployed.status, await deployed.clone().text()).toBe(200);
      const toasts = page.getByTestId('notification-toast');
      await eventually(() => toasts.first().textContent()).toContain('notified: Deployment finished');
      await eventually(() => page.getByTestId('notifications-unread').textContent()).toBe('1');

      const canceled = await apiCall(e2e.server.url, '/api/processManagement/cancel/notified', { method: 'POST', body: '{}' }, 'writer');
      expect(canceled.status, await canceled.clone().text()).toBe(200);
      await eventually(() => page.getByTestId('notifications-unread').textContent()).toBe('2');
      await eventually(async () => (await toasts.allTextContents()).join('|')).toContain('notified: Cancel finished');

      await page.getByTestId('notifications-button').click();
      const panel = page.getByTestId('notifications-panel');
      const items = panel.getByTestId('notification');
      await eventually(() => items.count()).toBe(2);
      expect(await items.first().textContent()).toContain('Cancel finished');
      await screenshot(page, 'notifications');

      await items.first().getByRole('button', { name: 'Mark read' }).click();
      await eventually(() => page.getByTestId('notifications-unread').textContent()).toBe('1');
      expect(await items.first().getAttribute('data-unread')).toBe('false');
      await panel.getByRole('button', { name: 'Mark all read' }).click();
      await eventually(() => page.getByTestId('notifications-unread').count()).toBe(0);
      expect(await toasts.count()).toBe(0);

      await page.reload();
      await eventually(() => page.getByTestId('notifications-button').count()).toBe(1);
      await page.getByTestId('notifications-button').click();
      await eventually(() => page.getByTestId('notification').count()).toBe(2);
      expect(await page.getByTestId('notifications-unread').count()).toBe(0);
      expect(await page.getByTestId('notification-toast').count()).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});
