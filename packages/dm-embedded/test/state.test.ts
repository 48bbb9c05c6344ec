import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { migrate, publishToTopic, readTopicTail } from '../src/index';
import type { EmbeddedDatabase, EmbeddedDeploymentManager, TopicRecordInput } from '../src/index';
import { consumerOffsets, keyedState } from '../src/storage/schema';
import { DATABASES, deploymentData, eventually, openTestDatabase, processVersion, useTestManagers } from './support';
import { WINDOWS_TOPIC, expectedWindows, managerSettings, records, windowResult, windowScenario } from './state/windows';

const replace = { type: 'replaceDeploymentWithSameScenarioName', stateRestoringStrategy: { type: 'restoreStateFromReplacedJobSavepoint' } } as const;

async function publish(db: EmbeddedDatabase, input: readonly TopicRecordInput[]): Promise<void> {
  await migrate(db);
  for (let at = 0; at < input.length; at += 5_000) {
    const published = await publishToTopic(db, 'transactions', input.slice(at, at + 5_000));
    if (!published.ok) throw new Error(JSON.stringify(published.errors));
  }
}

async function deploy(manager: EmbeddedDeploymentManager, name = 'windows', output = WINDOWS_TOPIC): Promise<void> {
  const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion(name), deploymentData: deploymentData(), scenario: windowScenario(name, output), updateStrategy: replace });
  if (!deployed.ok) throw new Error(JSON.stringify(deployed.errors));
}

const windowsOf = async (db: EmbeddedDatabase, topic = WINDOWS_TOPIC) => (await readTopicTail(db, topic, { limit: 10_000 })).map(windowResult).sort();

/** Waits until the scenario's consumer has read `count` records of `transactions`. */
async function consumed(db: EmbeddedDatabase, count: number, scenario = 'windows', timeoutMs = 60_000): Promise<void> {
  await eventually(async () => {
    const [row] = await db.select().from(consumerOffsets).where(and(eq(consumerOffsets.consumerGroup, `${scenario}/source`), eq(consumerOffsets.topic, 'transactions')));
    expect(Number(row?.nextOffset ?? 0)).toBe(count);
  }, timeoutMs);
}

// The manager process of the kill tests is bundled once: a plain child process cannot load TypeScript sources.
let bundled: Promise<string> | undefined;
function managerProcessScript(): Promise<string> {
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    // Inside the package's node_modules, so the third-party packages left outside the bundle resolve.
    const outfile = fileURLToPath(new URL(`../node_modules/.cache/state-test-${process.pid}/manager-process.mjs`, import.meta.url));
    await build({
      entryPoints: [fileURLToPath(new URL('./state/manager-process.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      logLevel: 'warning',
      // PGlite loads its WebAssembly beside its own module; drizzle and postgres stay single copies.
      external: ['@electric-sql/pglite', 'drizzle-orm', 'drizzle-orm/*', 'postgres', 'esbuild'],
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    });
    return outfile;
  })();
  return bundled;
}

type Progress = { type: 'ready' } | { type: 'progress'; windows: number } | { type: 'closed' };

/** Runs a manager in a child process over `location`; `until` decides from its progress when to stop it, and how. */
async function runManagerProcess(location: string, mode: 'deploy' | 'resume', until: (progress: number) => 'kill' | 'close' | undefined): Promise<number> {
  const child = fork(await managerProcessScript(), [location, mode], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise<number>((resolve, reject) => {
    let last = 0;
    let stopping = false;
    child.on('message', (message: Progress) => {
      if (message.type === 'progress' && !stopping) {
        last = message.windows;
        const action = until(last);
        if (action === 'kill') {
          stopping = true;
          child.kill('SIGKILL');
        } else if (action === 'close') {
          stopping = true;
          child.send({ type: 'close' });
        }
      }
    });
    child.on('exit', (code, signal) => (stopping ? resolve(last) : reject(new Error(`manager process ended early (${code ?? signal})`))));
  });
}

describe.each(DATABASES)('keyed state of a streaming job on %s', (kind) => {
  const setup = useTestManagers(kind);

  it('a tumbling window over a 100 000-record backlog gives exactly one result per window and key', async () => {
    // 700 s of event time (70 windows) for 5 keys, all in the topic before the scenario starts.
    const input = records(100_000, { stepMs: 7 });
    await publish(setup.database.db, input);
    const manager = await setup.createManager({ ...managerSettings, batchSize: 1_000 });
    await deploy(manager);
    await consumed(setup.database.db, input.length, 'windows', 600_000);
    await manager.idle();
    const expected = expectedWindows(input);
    expect(expected).toHaveLength(69 * 5);
    expect(await windowsOf(setup.database.db)).toEqual(expected);
  }, 900_000);

  it('a replay of old timestamps, out of order within the bound and then all over again, gives one result per window and key', async () => {
    // Timestamps of 2001, each block of ten records shuffled (within one second, inside the bound of two).
    const ordered = records(3_000, { start: 1_000_000_000_000, stepMs: 100 });
    const input = ordered.map((_, i) => ordered[i - (i % 10) + (9 - (i % 10))] as TopicRecordInput);
    await publish(setup.database.db, input);
    const manager = await setup.createManager({ ...managerSettings, maxOutOfOrdernessMs: 2_000 });
    await deploy(manager);
    await consumed(setup.database.db, input.length);
    await manager.idle();
    const expected = expectedWindows(input, 2_000);
    expect(await windowsOf(setup.database.db)).toEqual(expected);
    // The same records again: every window they fall in has ended, so they are late and change nothing.
    await publish(setup.database.db, input);
    await consumed(setup.database.db, input.length * 2);
    await manager.idle();
    expect(await windowsOf(setup.database.db)).toEqual(expected);
  }, 120_000);

  it('a manager killed with SIGKILL mid-window and started again gives the same window results as an uninterrupted run', async () => {
    const input = records(4_000, { stepMs: 250 });
    const expected = expectedWindows(input);
    // The uninterrupted run, in this process.
    await publish(setup.database.db, input);
    const steady = await setup.createManager(managerSettings);
    await deploy(steady);
    await consumed(setup.database.db, input.length);
    await steady.idle();
    expect(await windowsOf(setup.database.db)).toEqual(expected);

    // The interrupted run: a manager in a process of its own over another database (PGlite in a directory).
    const directory = kind === 'pglite' ? await mkdtemp(join(tmpdir(), 'scenaria-state-')) : undefined;
    const other = directory ? undefined : await openTestDatabase('postgres');
    const open = () => {
      if (other) return { db: other.db, close: async () => undefined };
      const client = new PGlite(directory as string);
      return { db: drizzlePglite(client) as unknown as EmbeddedDatabase, close: () => client.close() };
    };
    try {
      const location = directory ?? (other?.url as string);
      const before = open();
      await publish(before.db, input);
      await before.close();
      // Killed once some windows are out and most are not: windows are open in its state at that moment.
      const atKill = await runManagerProcess(location, 'deploy', (windows) => (windows >= 10 ? 'kill' : undefined));
      expect(atKill).toBeLessThan(expected.length);
      await runManagerProcess(location, 'resume', (windows) => (windows >= expected.length ? 'close' : undefined));
      const after = open();
      expect(await windowsOf(after.db)).toEqual(expected);
      await after.close();
    } finally {
      if (directory) await rm(directory, { recursive: true, force: true });
      await other?.dispose();
    }
  }, 300_000);

  it('a second manager taking over mid-window gives the same window results', async () => {
    const input = records(2_000, { stepMs: 250 });
    const expected = expectedWindows(input);
    await publish(setup.database.db, input);
    if (kind === 'postgres') {
      // The first manager runs in a process of its own and is killed with SIGKILL; its lease runs out.
      await runManagerProcess(setup.database.url as string, 'deploy', (windows) => (windows >= 5 ? 'kill' : undefined));
    } else {
      const first = await setup.createManager(managerSettings);
      await deploy(first);
      await eventually(async () => expect((await windowsOf(setup.database.db)).length).toBeGreaterThanOrEqual(5));
      await first.close();
      setup.release(first);
    }
    // Part-way: some windows out, and values of open windows in the committed state.
    expect((await windowsOf(setup.database.db)).length).toBeLessThan(expected.length);
    const stateRows = await setup.database.db.select().from(keyedState).where(eq(keyedState.scenarioName, 'windows'));
    expect(stateRows.filter((row) => row.value !== null).length).toBeGreaterThan(0);
    const second = await setup.createManager(managerSettings);
    await consumed(setup.database.db, input.length);
    await second.idle();
    expect(await windowsOf(setup.database.db)).toEqual(expected);
  }, 120_000);

  it('a savepoint holds the windows: deploying from it later emits again exactly the windows that followed it', async () => {
    const input = records(2_000, { stepMs: 250 });
    const expected = expectedWindows(input);
    await publish(setup.database.db, input);
    const manager = await setup.createManager(managerSettings);
    const user = { id: 'a', username: 'a' };
    await deploy(manager);
    await eventually(async () => expect((await windowsOf(setup.database.db)).length).toBeGreaterThanOrEqual(5));
    const stopped = await manager.processCommand({ type: 'stopScenario', scenarioName: 'windows', savepointDir: null, user });
    if (!stopped.ok) throw new Error(JSON.stringify(stopped.errors));
    const atSavepoint = (await readTopicTail(setup.database.db, WINDOWS_TOPIC, { limit: 10_000 })).length;
    expect(atSavepoint).toBeLessThan(expected.length);

    // Deployed again without the savepoint, the job continues from its committed state to the end.
    await deploy(manager);
    await consumed(setup.database.db, input.length);
    await manager.idle();
    const whole = (await readTopicTail(setup.database.db, WINDOWS_TOPIC, { limit: 10_000 })).map(windowResult);
    expect([...whole].sort()).toEqual(expected);
    expect((await manager.processCommand({ type: 'cancelScenario', scenarioName: 'windows', user })).ok).toBe(true);

    // From the savepoint: its offsets and its windows, not those the job ended with.
    const restored = await manager.processCommand({
      type: 'runDeployment',
      processVersion: processVersion('windows', 2),
      deploymentData: deploymentData('d2'),
      scenario: windowScenario('windows'),
      updateStrategy: { type: 'replaceDeploymentWithSameScenarioName', stateRestoringStrategy: { type: 'restoreStateFromCustomSavepoint', savepointPath: stopped.value.savepointPath } },
    });
    expect(restored.ok).toBe(true);
    await eventually(async () => expect((await readTopicTail(setup.database.db, WINDOWS_TOPIC, { limit: 10_000 })).length).toBe(whole.length * 2 - atSavepoint), 60_000);
    await manager.idle();
    const again = (await readTopicTail(setup.database.db, WINDOWS_TOPIC, { limit: 10_000 })).map(windowResult).slice(whole.length);
    expect(again).toEqual(whole.slice(atSavepoint));
  }, 240_000);
});
