import { mkdtempSync, rmSync, existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { pgliteClusterImage } from '@scenaria/vitest-config/pglite-image';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../api/src/app';
import { defaultConfig } from '../../api/src/config/load-config';
import type { ServerConfig } from '../../api/src/config/config-schema';
import { openPglite } from '../../api/src/db/database';
import type { ApiDeploymentManager } from '../../api/src/services/deployment-managers';

const here = dirname(fileURLToPath(import.meta.url));
export const buildDir = resolve(here, '../build');
export const screenshotDir = resolve(here, 'screenshots');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Changes to the trial configuration a test file runs with (another sign-in, for example). */
export interface ServerOptions {
  configure?: (config: ServerConfig) => ServerConfig;
  /**
   * Puts something on top of a processing type's real manager (a custom action, which the embedded manager
   * offers none of): the real manager runs in a first app over the same database, the served app uses the wrap.
   */
  wrapManager?: { processingType: string; wrap: (real: ApiDeploymentManager) => ApiDeploymentManager };
  /** Another designer build to serve (the bench's baseline); apps/designer/build by default. */
  staticDir?: string;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The real API server (in-memory PGlite, the trial configuration with users admin/writer/reader) serving
 * the built designer from apps/designer/build on a free port.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const staticDir = options.staticDir ?? buildDir;
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error(`No designer build in ${staticDir}: run vite build first`);
  // Loaded from an image of a new cluster: initdb took seconds of every file's start.
  const database = await openPglite(undefined, { startFrom: await pgliteClusterImage() });
  // Deployed request-response scenarios are served by this server under /scenario/*, as in production.
  const base: ServerConfig = { ...defaultConfig, seedExamples: false };
  const config = options.configure ? options.configure(base) : base;
  let inner: ReturnType<typeof createApp> | undefined;
  let deploymentManagers: Record<string, ApiDeploymentManager> | undefined;
  if (options.wrapManager) {
    inner = createApp({ db: database.db, config, staticDir, logError: () => {} });
    const real = await inner.managers.managerFor(options.wrapManager.processingType);
    if (!real) throw new Error(`no manager for ${options.wrapManager.processingType}`);
    deploymentManagers = { [options.wrapManager.processingType]: options.wrapManager.wrap(real) };
  }
  const built = createApp({ db: database.db, config, staticDir, logError: () => {}, ...(deploymentManagers ? { deploymentManagers } : {}) });
  const server = serve({ fetch: built.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((done) => server.once('listening', () => done()));
  const { port } = server.address() as AddressInfo;
  built.listeningAt(`http://127.0.0.1:${port}`);
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((done) => server.close(() => done()));
      // The managers stop their runners before the database they poll goes away.
      await built.close();
      await inner?.close();
      await database.close();
    },
  };
}

export interface RunningBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with a fresh profile per test file. */
export async function launchBrowser(): Promise<RunningBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'scenaria-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    viewport: { width: 1440, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // Errors in the page fail flows in confusing ways later; print them where the test output shows them.
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in through the login form as a user of the trial configuration. */
export async function signIn(page: Page, baseUrl: string, user = 'writer', password = user): Promise<void> {
  await page.goto(baseUrl);
  await page.getByLabel('User name').fill(user);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('current-user').waitFor();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

/** Calls the API as a user, for arranging data the test does not drive through the UI. */
export async function apiCall(baseUrl: string, path: string, init: RequestInit = {}, user = 'admin'): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { Authorization: `Basic ${Buffer.from(`${user}:${user}`).toString('base64')}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
}

/** What a test file's flows run against: its own server and browser. */
export interface E2eSession {
  readonly server: RunningServer;
  readonly browser: RunningBrowser;
}

/**
 * Starts a server and a browser before a file's tests and closes both after them. `prepare` runs once both are
 * up (seeding data through the API, signing in), so every flow of the file starts from the same state.
 */
export function useServerAndBrowser(prepare?: (session: E2eSession) => Promise<void>, serverOptions?: ServerOptions): E2eSession {
  let server: RunningServer | undefined;
  let browser: RunningBrowser | undefined;
  const session: E2eSession = {
    get server() {
      if (!server) throw new Error('the e2e server starts in beforeAll');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the e2e browser starts in beforeAll');
      return browser;
    },
  };
  beforeAll(async () => {
    server = await startServer(serverOptions);
    browser = await launchBrowser();
    await prepare?.(session);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return session;
}
