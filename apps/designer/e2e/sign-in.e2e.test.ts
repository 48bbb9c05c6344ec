import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticationConfigSchema } from '@scenaria/auth';
import { startOpenIdProvider } from '@scenaria/auth/testkit';
import type { OpenIdProviderFixture } from '@scenaria/auth/testkit';
import { eventually } from './eventually';
import { node } from './canvas';
import { apiCall, screenshot, useServerAndBrowser } from './harness';
import { saveWithComment } from './toolbar';

// Sign-in through a real OpenID provider's login page in Chromium: the designer sends the browser there
// (authorization code with PKCE), comes back with the code, exchanges it through the API and works with the
// access token. The trial users keep basic credentials beside it, which the test uses to arrange data.

const spel = (expression: string) => ({ language: 'spel', expression });
const graph = {
  properties: { additionalFields: { description: null, properties: { parallelism: '1' }, metaDataType: 'StreamMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'transactions', ref: { typ: 'kafka', parameters: [{ name: 'Topic', expression: spel("'transactions'") }] } },
    { type: 'Filter', id: 'only positive', expression: spel('#input.amount > 0') },
    { type: 'Sink', id: 'accepted', ref: { typ: 'kafka', parameters: [{ name: 'Topic', expression: spel("'accepted'") }] } },
  ],
  edges: [
    { from: 'transactions', to: 'only positive', edgeType: null },
    { from: 'only positive', to: 'accepted', edgeType: { type: 'FilterTrue' } },
  ],
};

let idp: OpenIdProviderFixture | undefined;
beforeAll(async () => {
  idp = await startOpenIdProvider({ accounts: [{ sub: 'alice', password: 'alice-pw', preferredUsername: 'Alice', roles: ['Writer'] }], redirectUris: [] });
});
afterAll(async () => {
  await idp?.close();
});

const e2e = useServerAndBrowser(
  async ({ server }) => {
    idp!.allowRedirectUri(`${server.url}/`);
    const created = await apiCall(server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name: 'payments', isFragment: false, category: 'Default' }) });
    expect(created.status).toBe(201);
    const saved = await apiCall(server.url, '/api/processes/payments', { method: 'PUT', body: JSON.stringify({ scenarioGraph: graph, comment: 'initial graph' }) });
    expect(saved.status, await saved.clone().text()).toBe(200);
  },
  {
    configure: (config) => ({
      ...config,
      authentication: AuthenticationConfigSchema.parse({
        method: 'Oidc',
        issuer: idp!.issuer,
        clientId: idp!.clientId,
        clientSecret: idp!.clientSecret,
        audience: idp!.audience,
        rolesClaim: 'roles',
        allowInsecureRequests: true,
        // A token with a new key id fetches the keys at once (the rotation below).
        jwksCooldownSeconds: 0,
      }),
    }),
  },
);

describe('sign-in through an OpenID provider', () => {
  it('signs in at the provider\'s page, opens a scenario, saves and signs out', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/scenarios/payments`);
    await page.getByRole('button', { name: 'Sign in with your identity provider' }).click();

    // The provider's own login page, on its own origin.
    await page.waitForURL((url) => url.origin === idp!.issuer);
    await page.getByLabel('Login').fill('alice');
    await page.getByLabel('Password').fill('alice-pw');
    await screenshot(page, 'sign-in-provider');
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Back in the designer, on the page the sign-in started from, as the provider's user.
    await page.waitForURL(`${e2e.server.url}/scenarios/payments`);
    await eventually(() => page.getByTestId('current-user').textContent()).toBe('Alice');
    await eventually(() => page.getByTestId('scenario-title').textContent()).toBe('payments');

    await node(page, 'only positive').click();
    const expression = page.getByTestId('node-details').getByTestId('expression-$expression');
    await expression.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('#input.amount > 10');
    await eventually(() => page.getByTestId('dirty-marker').textContent()).toContain('unsaved');
    await saveWithComment(page, 'Only amounts above 10', 3);

    const details = await apiCall(e2e.server.url, '/api/processes/payments');
    const body = (await details.json()) as { processVersionId: number; modifiedBy: string };
    expect(body.processVersionId).toBe(3);
    expect(body.modifiedBy).toBe('Alice');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await eventually(() => page.getByRole('button', { name: 'Sign in with your identity provider' }).isVisible()).toBe(true);
    // The token is gone from the tab: a reload does not sign in again by itself.
    await page.reload();
    await eventually(() => page.getByRole('button', { name: 'Sign in with your identity provider' }).isVisible()).toBe(true);
  });

  it('keeps unsaved work when the session ends, and saves it after signing in again in a pop-up', async () => {
    const { page, context } = e2e.browser;
    // A fresh provider: no session left from the previous flow, so its login page shows.
    await idp!.rotateKeys();
    await page.goto(`${e2e.server.url}/scenarios/payments`);
    await page.getByRole('button', { name: 'Sign in with your identity provider' }).click();
    await page.waitForURL((url) => url.origin === idp!.issuer);
    await page.getByLabel('Login').fill('alice');
    await page.getByLabel('Password').fill('alice-pw');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await eventually(() => page.getByTestId('scenario-title').textContent()).toBe('payments');

    const edit = async (text: string) => {
      await node(page, 'only positive').click();
      const expression = page.getByTestId('node-details').getByTestId('expression-$expression');
      await expression.click();
      await page.keyboard.press('Control+a');
      await page.keyboard.type(text);
      await eventually(() => expression.textContent()).toBe(text);
    };
    await edit('#input.amount > 20');
    // The provider's keys change. Once the server has seen a token of the new key (and fetched the keys again),
    // the designer's token no longer verifies, and its refresh token is unknown to the provider.
    await idp!.rotateKeys();
    const robot = await fetch(`${e2e.server.url}/api/user`, { headers: { authorization: `Bearer ${await idp!.machineToken()}` } });
    expect(robot.status).toBe(200);
    await edit('#input.amount > 25');
    const dialog = page.getByRole('dialog', { name: 'You have been signed out' });
    await eventually(() => dialog.isVisible()).toBe(true);
    expect(await page.getByTestId('dirty-marker').textContent()).toContain('unsaved');
    await screenshot(page, 'sign-in-expired');

    const [popup] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Sign in with your identity provider' }).click()]);
    await popup.getByLabel('Login').fill('alice');
    await popup.getByLabel('Password').fill('alice-pw');
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await eventually(() => dialog.isVisible()).toBe(false);
    expect(popup.isClosed()).toBe(true);

    await saveWithComment(page, 'Saved after signing in again', 4);
    const details = await apiCall(e2e.server.url, '/api/processes/payments');
    const saved = (await details.json()) as { scenarioGraph: { nodes: { id: string; expression?: { expression: string } }[] } };
    expect(saved.scenarioGraph.nodes.find((n) => n.id === 'only positive')?.expression?.expression).toBe('#input.amount > 25');
  });
});
