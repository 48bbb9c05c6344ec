import { describe, expect, it } from 'vitest';
import { eventually } from './eventually';
import { apiCall, screenshot, signIn, useServerAndBrowser } from './harness';

const e2e = useServerAndBrowser();

describe('scenario list', () => {
  it('refuses a wrong password and signs in with the right one', async () => {
    const { page } = e2e.browser;
    await page.goto(e2e.server.url);
    await page.getByLabel('User name').fill('writer');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toContain('Wrong user name or password');
    await signIn(page, e2e.server.url);
    await eventually(() => page.getByRole('heading', { name: 'Scenarios' }).isVisible()).toBe(true);
  });

  it('creates a scenario, checking the name while it is typed', async () => {
    const { page } = e2e.browser;
    expect((await apiCall(e2e.server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name: 'existing one', isFragment: false, category: 'Default' }) })).status).toBe(201);
    await page.reload();
    await page.getByRole('button', { name: 'New scenario' }).click();
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('existing one');
    await eventually(() => page.locator('#create-name-message').textContent()).toContain('already exists');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await name.fill('fraud detection');
    await eventually(() => page.locator('#create-name-message').textContent()).not.toContain('already exists');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/scenarios\/fraud%20detection$/);
    await eventually(() => page.getByTestId('scenario-title').textContent()).toBe('fraud detection');
  });

  it('lists, searches, filters, archives and unarchives', async () => {
    const { page } = e2e.browser;
    expect((await apiCall(e2e.server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name: 'shared helpers', isFragment: true, category: 'Default' }) })).status).toBe(201);
    const smallGraph = { properties: { additionalFields: { description: 'Flags card payments that look unusual', properties: {}, metaDataType: 'StreamMetaData', showDescription: false } },
      nodes: [
        { type: 'Source', id: 'payments', ref: { typ: 'kafka', parameters: [] } },
        { type: 'Sink', id: 'alerts', ref: { typ: 'kafka', parameters: [] } },
      ],
      edges: [{ from: 'payments', to: 'alerts', edgeType: null }],
    };
    const labelled = await apiCall(e2e.server.url, '/api/processes/fraud%20detection', { method: 'PUT', body: JSON.stringify({ scenarioGraph: smallGraph, scenarioLabels: ['cards', 'risk'] }) });
    expect(labelled.status, await labelled.clone().text()).toBe(200);
    await page.goto(e2e.server.url);
    const rows = page.locator('[data-testid="scenario-list"] tbody tr');
    await eventually(() => rows.count()).toBe(3);
    await page.getByRole('button', { name: 'risk' }).click();
    await eventually(() => rows.count()).toBe(1);
    await page.getByRole('button', { name: 'risk' }).click();
    await eventually(() => rows.count()).toBe(3);
    await eventually(() => page.locator('tr[data-scenario="fraud detection"] [data-testid="status-badge"]').getAttribute('data-status')).toBe('NOT_DEPLOYED');
    await screenshot(page, 'list');

    await page.getByLabel('Search').fill('fraud');
    await eventually(() => rows.count()).toBe(1);
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Type').selectOption('fragments');
    await eventually(() => rows.allTextContents()).toEqual([expect.stringContaining('shared helpers')]);
    await page.getByLabel('Type').selectOption('all');

    await page.getByRole('button', { name: 'Archive existing one' }).click();
    await eventually(() => rows.count()).toBe(2);
    await page.getByLabel('Archived').selectOption('archived');
    await eventually(() => rows.count()).toBe(1);
    await page.getByRole('button', { name: 'Unarchive' }).click();
    await eventually(() => rows.count()).toBe(0);
    await page.getByLabel('Archived').selectOption('active');
    await eventually(() => rows.count()).toBe(3);
  });

  it('creates a fragment from the list and opens it', async () => {
    const { page } = e2e.browser;
    await page.getByRole('button', { name: 'New fragment' }).click();
    await eventually(() => page.getByRole('heading', { name: 'New fragment' }).isVisible()).toBe(true);
    await page.getByLabel('Name', { exact: true }).fill('card checks');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/scenarios\/card%20checks$/);
    await eventually(() => page.locator('.toolbar .badge.accent').textContent()).toBe('fragment');
    await page.getByRole('link', { name: 'Back to scenarios' }).click();
    await page.getByLabel('Type').selectOption('fragments');
    await eventually(() => page.locator('[data-testid="scenario-list"] tbody tr').count()).toBe(2);
  });
});
