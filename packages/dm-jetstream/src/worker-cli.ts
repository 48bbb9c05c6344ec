import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ComponentRuntime } from '@scenaria/engine';
import type { JetStreamModels } from './scenario';
import { JetStreamManagerSettingsSchema } from './settings';
import { startWorker } from './worker';
import type { ScenarioWorker } from './worker';
import type { BrokerWait } from './connection';

/** What a `--setup` module exports: the models (and component implementations) of the designer's processing type. */
export interface WorkerSetupModule {
  createWorkerEnvironment(): Promise<{ models: JetStreamModels; runtimes?: Readonly<Record<string, ComponentRuntime>> }> | { models: JetStreamModels; runtimes?: Readonly<Record<string, ComponentRuntime>> };
}

const USAGE = `scenaria-worker [--config settings.json] [--setup module.mjs] [--id worker-id]
  settings: the JSON of the designer's deploymentConfig for this processing type (servers, namespace,
  partitions, leaseMs...), from --config or the SCENARIA_JETSTREAM_SETTINGS environment variable.
  --setup: an ES module whose createWorkerEnvironment() returns { models, runtimes }; default models otherwise.`;

/** How the command waits for NATS: `signal` ends the waiting (a stop while starting); the delays are `BrokerWait`'s. */
export type WorkerCliOptions = Pick<BrokerWait, 'signal' | 'firstDelayMs' | 'maxDelayMs'>;

/**
 * Starts a worker from command-line arguments; answers the worker, or an exit code and a message for bad
 * input (never a stack trace for a typo in the settings). While NATS cannot be reached it waits, saying so on
 * stderr at each attempt, as a worker started before its broker should; a stop meanwhile ends with code 0.
 */
export async function runWorkerCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  options: WorkerCliOptions = {},
): Promise<{ ok: true; worker: ScenarioWorker } | { ok: false; code: number; message: string }> {
  const given = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i] as string;
    if (name === '--help') return { ok: false, code: 0, message: USAGE };
    const value = argv[i + 1];
    if (!['--config', '--setup', '--id'].includes(name) || value === undefined) return { ok: false, code: 2, message: `Unknown or incomplete option ${name}\n${USAGE}` };
    given.set(name, value);
    i += 1;
  }
  const path = (file: string) => (isAbsolute(file) ? file : resolve(cwd, file));
  let raw: unknown = {};
  try {
    const config = given.get('--config');
    if (config !== undefined) raw = JSON.parse(await readFile(path(config), 'utf8'));
    else if (env['SCENARIA_JETSTREAM_SETTINGS']) raw = JSON.parse(env['SCENARIA_JETSTREAM_SETTINGS']);
  } catch (error) {
    return { ok: false, code: 2, message: `Cannot read the settings: ${error instanceof Error ? error.message : String(error)}` };
  }
  const settings = JetStreamManagerSettingsSchema.safeParse(raw);
  if (!settings.success) {
    return { ok: false, code: 2, message: `Bad settings: ${settings.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}` };
  }
  let environment: Awaited<ReturnType<WorkerSetupModule['createWorkerEnvironment']>> | undefined;
  const setup = given.get('--setup');
  if (setup !== undefined) {
    const module = (await import(pathToFileURL(path(setup)).href)) as Partial<WorkerSetupModule>;
    if (typeof module.createWorkerEnvironment !== 'function') return { ok: false, code: 2, message: `${setup} does not export createWorkerEnvironment()` };
    environment = await module.createWorkerEnvironment();
  }
  const id = given.get('--id');
  const servers = [settings.data.servers].flat().join(', ');
  try {
    const worker = await startWorker({
      settings: settings.data,
      ...(environment ? { models: environment.models, ...(environment.runtimes ? { runtimes: environment.runtimes } : {}) } : {}),
      ...(id ? { workerId: id } : {}),
      logger: {
        debug: () => undefined,
        info: (message, fields) => console.log(message, JSON.stringify(fields ?? {})),
        warn: (message, fields) => console.warn(message, JSON.stringify(fields ?? {})),
        error: (message, fields) => console.error(message, JSON.stringify(fields ?? {})),
      },
      waitForBroker: {
        ...options,
        onRetry: ({ attempt, delayMs, reason }) => console.warn(`NATS (${servers}) is not ready (${reason}); attempt ${attempt}, trying again in ${delayMs / 1000} s`),
      },
    });
    return { ok: true, worker };
  } catch (error) {
    if (options.signal?.aborted) return { ok: false, code: 0, message: 'Stopped before NATS could be reached' };
    return { ok: false, code: 1, message: `The worker could not start: ${error instanceof Error ? error.message : String(error)}` };
  }
}
