// Database round trips of an idle manager: statements outside a transaction plus transactions, counted by
// wrapping the PGlite client the manager is given (every query the manager makes goes through it).
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { createEmbeddedDeploymentManager } from '../src/index';
import type { EmbeddedDatabase } from '../src/index';
import { deploymentData, dependencies, processVersion, requestResponseScenario, testModels, topicToTopic } from '../test/support';

/** A PGlite client that counts what reaches the database: transactions, and statements run outside one. */
export function countingPglite(): { client: PGlite; counts: () => number } {
  const client = new PGlite();
  let count = 0;
  let depth = 0;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => {
    if (depth === 0) count++;
    return query(...args);
  }) as PGlite['query'];
  client.transaction = (async (callback: Parameters<PGlite['transaction']>[0]) => {
    count++;
    depth++;
    try {
      return await transaction(callback);
    } finally {
      depth--;
    }
  }) as PGlite['transaction'];
  return { client, counts: () => count };
}

const replace = { type: 'replaceDeploymentWithSameScenarioName', stateRestoringStrategy: { type: 'restoreStateFromReplacedJobSavepoint' } } as const;

/** Round trips per second of a manager with no deployment, one idle streaming and one idle request-response deployment. */
export async function measureIdleTransactions(windowMs: number): Promise<{ none: number; streaming: number; requestResponse: number }> {
  const perSecond = async (kind: 'none' | 'streaming' | 'request-response') => {
    const { client, counts } = countingPglite();
    const manager = await createEmbeddedDeploymentManager({ db: drizzle(client) as unknown as EmbeddedDatabase, isolation: 'none', models: testModels() }, dependencies());
    if (kind !== 'none') {
      const scenario = kind === 'streaming' ? topicToTopic('idle') : requestResponseScenario('idle');
      const deployed = await manager.processCommand({ type: 'runDeployment', processVersion: processVersion('idle'), deploymentData: deploymentData(), scenario, updateStrategy: replace });
      if (!deployed.ok) throw new Error(JSON.stringify(deployed.errors));
    }
    // Past start-up (the first poll, the first sync) before counting.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const before = counts();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const rate = (counts() - before) / (windowMs / 1000);
    await manager.close();
    await client.close();
    return rate;
  };
  return { none: await perSecond('none'), streaming: await perSecond('streaming'), requestResponse: await perSecond('request-response') };
}
