// A manager in a process of its own, for tests that kill it with SIGKILL. Run (bundled) as
// `node manager-process.mjs <pglite-dir | postgres-url> <deploy | resume>`; it reports over IPC.
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { createEmbeddedDeploymentManager, readTopicTail } from '../../src/index';
import type { EmbeddedDatabase } from '../../src/index';
import { deploymentData, dependencies, processVersion } from '../support';
import { testModels } from '../models';
import { WINDOWS_TOPIC, managerSettings, windowScenario } from './windows';

const [location, mode] = process.argv.slice(2) as [string, 'deploy' | 'resume'];
const isPostgres = location.startsWith('postgres:');
const client = isPostgres ? postgres(location, { max: 3, onnotice: () => undefined }) : new PGlite(location);
const db = (isPostgres ? drizzlePostgres(client as postgres.Sql) : drizzlePglite(client as PGlite)) as unknown as EmbeddedDatabase;
const manager = await createEmbeddedDeploymentManager({ db, models: testModels(), isolation: 'none', port: null, migrate: false, ...managerSettings }, dependencies());
if (mode === 'deploy') {
  const scenario = windowScenario('windows');
  const deployed = await manager.processCommand({
    type: 'runDeployment',
    processVersion: processVersion('windows'),
    deploymentData: deploymentData(),
    scenario,
    updateStrategy: { type: 'replaceDeploymentWithSameScenarioName', stateRestoringStrategy: { type: 'restoreStateFromReplacedJobSavepoint' } },
  });
  if (!deployed.ok) throw new Error(JSON.stringify(deployed.errors));
}
// Progress: how many window results are committed (the parent kills this process part-way).
const report = async () => {
  const written = await readTopicTail(db, WINDOWS_TOPIC, { limit: 100_000 });
  process.send?.({ type: 'progress', windows: written.length });
};
const timer = setInterval(() => void report().catch(() => undefined), 10);
process.on('message', (message: { type: string }) => {
  if (message.type !== 'close') return;
  clearInterval(timer);
  void (async () => {
    await manager.close();
    if (isPostgres) await (client as postgres.Sql).end({ timeout: 5 });
    else await (client as PGlite).close();
    process.send?.({ type: 'closed' }, () => process.exit(0));
  })();
});
process.send?.({ type: 'ready' });
