import { createConnection } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import type { RunDeploymentCommand } from '@scenaria/deployment-sdk';
import { pgliteClusterImageBlob } from '@scenaria/vitest-config/pglite-image';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designerDatabase, mariadbDatabase, readTables } from '../../src/index';
import type { BatchDeploymentManager, EmbeddedDatabase, SqlDatabase } from '../../src/index';
import { deploymentData, processVersion } from '../support';
import { aggregateByKey, batchManager, batchScenario, tableSink, tableSource } from './support';

const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root' };

/** Whether MariaDB answers at 127.0.0.1:3306 (the tests over it are skipped when it does not). */
const mariadbAnswers = await new Promise<boolean>((resolve) => {
  const socket = createConnection(MARIADB.port, MARIADB.host);
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
  setTimeout(() => (socket.destroy(), resolve(false)), 2_000);
});

const deploy = (manager: BatchDeploymentManager, scenario: ReturnType<typeof batchScenario>) =>
  manager.processCommand({ type: 'runDeployment', processVersion: processVersion(scenario.metaData.id), deploymentData: deploymentData('d-1'), scenario, updateStrategy: { type: 'dontReplaceDeployment' } } satisfies RunDeploymentCommand);

// The designer's own database is an in-memory PGlite here: the manager keeps its runs there, and one test reads
// and writes tables in it (no session of its own: writes are held back and committed at the end).
let pglite: PGlite;
let db: EmbeddedDatabase;
beforeAll(async () => {
  pglite = new PGlite({ loadDataDir: await pgliteClusterImageBlob() });
  db = drizzle(pglite) as unknown as EmbeddedDatabase;
});
afterAll(async () => {
  await pglite?.close();
});

describe.skipIf(!mariadbAnswers)('batch over MariaDB', () => {
  const name = `batch_${process.pid}_${Date.now()}`;
  let admin: mysql.Connection;
  let warehouse: SqlDatabase;
  beforeAll(async () => {
    admin = await mysql.createConnection({ ...MARIADB, multipleStatements: true });
    await admin.query(`CREATE DATABASE \`${name}\``);
    await admin.query(`
      USE \`${name}\`;
      SET SESSION max_recursive_iterations = 100000;
      CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(20) NOT NULL, amount DECIMAL(12,2) NOT NULL, day DATE, at TIME, created DATETIME(6), note LONGTEXT);
      INSERT INTO orders WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 5000)
        SELECT n, CONCAT('c', n % 50), (n % 97) + 0.25, DATE_ADD('2026-01-01', INTERVAL n % 30 DAY), SEC_TO_TIME(36000 + n % 60 * 60), TIMESTAMPADD(SECOND, n, '2026-01-01 00:00:00'), CONCAT('note ', n) FROM g;
      CREATE TABLE totals (\`key\` VARCHAR(20) PRIMARY KEY, total DECIMAL(14,2) NOT NULL, orders BIGINT NOT NULL);
      CREATE TABLE copies (id BIGINT PRIMARY KEY, customer VARCHAR(20) NOT NULL, amount DECIMAL(12,2) NOT NULL, day DATE, at TIME, created DATETIME(6), note LONGTEXT);
    `);
    warehouse = mariadbDatabase('maria', { dialect: 'mariadb', url: `mysql://root@127.0.0.1:3306/${name}` });
  }, 120_000);
  afterAll(async () => {
    await warehouse?.close();
    await admin?.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin?.end();
  });

  it('reads the catalogue with the MariaDB types converted', async () => {
    const [orders] = (await readTables(warehouse, [name])).filter((t) => t.name === 'orders');
    expect(orders?.primaryKey).toEqual(['id']);
    expect(orders?.columns.map((c) => c.dataType)).toEqual(['bigint', 'varchar', 'decimal', 'date', 'time', 'datetime', 'longtext']);
  });

  it('aggregates by key into another table as GROUP BY does, and copies every type unchanged', async () => {
    const tables = await readTables(warehouse, [name]);
    const manager = await batchManager(db, [warehouse], { tables });
    try {
      expect(
        await deploy(manager, batchScenario('maria-totals', [
          tableSource('orders', `maria.${name}.orders`),
          aggregateByKey('per-customer', '#input.customer', '#input.amount'),
          tableSink('totals', `maria.${name}.totals`, { key: '#agg.key', total: '#agg.total', orders: '#agg.orders' }),
        ])),
      ).toMatchObject({ ok: true });
      expect(
        await deploy(manager, batchScenario('maria-copy', [
          tableSource('orders', `maria.${name}.orders`),
          tableSink('copies', `maria.${name}.copies`, { id: '#input.id', customer: '#input.customer', amount: '#input.amount', day: '#input.day', at: '#input.at', created: '#input.created', note: '#input.note' }),
        ])),
      ).toMatchObject({ ok: true });
      await manager.idle();
      expect((await manager.getScenarioStatuses('maria-totals'))[0]?.status.name).toBe('FINISHED');
      const [mismatches] = await admin.query(`
        SELECT e.customer FROM (SELECT customer, SUM(amount) AS total, COUNT(*) AS orders FROM \`${name}\`.orders GROUP BY customer) e
        LEFT JOIN \`${name}\`.totals t ON t.\`key\` = e.customer WHERE t.\`key\` IS NULL OR t.total <> e.total OR t.orders <> e.orders`);
      expect(mismatches).toEqual([]);
      const [differing] = await admin.query(`SELECT c.id FROM \`${name}\`.copies c JOIN \`${name}\`.orders o USING (id)
        WHERE NOT (c.customer <=> o.customer AND c.amount <=> o.amount AND c.day <=> o.day AND c.at <=> o.at AND c.created <=> o.created AND c.note <=> o.note)`);
      expect(differing).toEqual([]);
      const [[count]] = (await admin.query(`SELECT COUNT(*) AS n FROM \`${name}\`.copies`)) as unknown as [[{ n: number }]];
      expect(Number(count.n)).toBe(5000);
    } finally {
      await manager.close();
    }
  }, 300_000);
});

describe('batch over the designer’s embedded database', () => {
  it('reads and writes its tables, committing the held-back rows at the end', async () => {
    await db.execute(sql.raw('create table events (id serial primary key, kind text not null, weight integer not null)'));
    await db.execute(sql.raw("insert into events (kind, weight) select 'k' || (g % 3), g from generate_series(1, 300) g"));
    await db.execute(sql.raw('create table kinds (kind text primary key, total integer not null, seen bigint not null)'));
    const designer = designerDatabase('designer', db);
    const manager = await batchManager(db, [designer]);
    try {
      const scenario = batchScenario('kinds', [
        tableSource('events', 'designer.public.events'),
        {
          type: 'CustomNode',
          id: 'per-kind',
          nodeType: 'aggregate',
          outputVar: 'agg',
          parameters: [
            { name: 'groupBy', expression: { language: 'spel', expression: '#input.kind' } },
            { name: 'aggregator', expression: { language: 'spel', expression: '#AGG.map({kind: #AGG.first, total: #AGG.sum, seen: #AGG.countWhen})' } },
            { name: 'aggregateBy', expression: { language: 'spel', expression: '{kind: #input.kind, total: #input.weight, seen: true}' } },
          ],
        },
        tableSink('kinds', 'designer.public.kinds', { kind: '#agg.kind', total: '#agg.total', seen: '#agg.seen' }),
      ]);
      expect(await deploy(manager, scenario)).toMatchObject({ ok: true });
      await manager.idle();
      const [status] = await manager.getScenarioStatuses('kinds');
      expect([status?.status.name, status?.errors]).toEqual(['FINISHED', []]);
      const result = (await db.execute(sql.raw('select kind, total, seen::int as seen from kinds order by kind'))) as unknown as { rows: unknown[] };
      expect(result.rows).toEqual([
        { kind: 'k0', total: 15150, seen: 100 },
        { kind: 'k1', total: 14950, seen: 100 },
        { kind: 'k2', total: 15050, seen: 100 },
      ]);
    } finally {
      await manager.close();
    }
  }, 120_000);
});
