import { defaultModel } from '@scenaria/components';
import type { CanonicalNode, CanonicalProcess } from '@scenaria/graph';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { createBatchDeploymentManager, postgresDatabase, readTables } from '../../src/index';
import type { BatchDeploymentManager, BatchManagerOptions, EmbeddedDatabase, SqlDatabase } from '../../src/index';
import { dependencies, param } from '../support';

/** The PostgreSQL server the batch tests use (a database of their own on it). */
export const POSTGRES_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

let counter = 0;

/** A fresh PostgreSQL database for one test file, dropped by `dispose`: the designer's tables and the batch tables both live in it. */
export async function openBatchDatabase(): Promise<{ url: string; db: EmbeddedDatabase; sql: postgres.Sql; data: SqlDatabase; dispose(): Promise<void> }> {
  const name = `batch_${process.pid}_${Date.now()}_${counter++}`;
  const admin = postgres(POSTGRES_URL, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 4, onnotice: () => undefined });
  const data = postgresDatabase('warehouse', { dialect: 'postgresql', url: url.toString() });
  return {
    url: url.toString(),
    db: drizzle(sql) as unknown as EmbeddedDatabase,
    sql,
    data,
    async dispose() {
      await data.close();
      await sql.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** A batch manager over the tables the catalogue of `databases` lists now (schemas `public`). */
export async function batchManager(db: EmbeddedDatabase, databases: SqlDatabase[], extra: Partial<BatchManagerOptions> = {}): Promise<BatchDeploymentManager> {
  const tables = (await Promise.all(databases.map((d) => readTables(d, d.dialect === 'mariadb' ? [extra.tables?.[0]?.schema ?? ''] : ['public'])))).flat();
  const all = [...tables, ...(extra.tables ?? [])];
  return createBatchDeploymentManager(
    { db, model: defaultModel('batch', { tables: all, queries: extra.queries ?? [] }), queries: [], databases: new Map(databases.map((d) => [d.name, d])), ...extra, tables: all },
    dependencies(),
  );
}

/** A batch scenario (StreamMetaData, as the original's batch scenarios). */
export function batchScenario(name: string, nodes: CanonicalNode[], properties: Record<string, string> = {}): CanonicalProcess {
  return { metaData: { id: name, additionalFields: { metaDataType: 'StreamMetaData', properties } }, nodes, additionalBranches: [] };
}

export const tableSource = (id: string, table: string): CanonicalNode => ({ type: 'Source', id, ref: { typ: 'table', parameters: [param('Table', `'${table}'`)] } });

export const tableSink = (id: string, table: string, columns: Record<string, string>): CanonicalNode => ({
  type: 'Sink',
  id,
  ref: { typ: 'table', parameters: [param('Table', `'${table}'`), param('Raw editor', 'false'), ...Object.entries(columns).map(([name, expression]) => param(name, expression))] },
});

/** `groupBy` key -> {key, total (sum), orders (count)} of `#input.amount`. */
export const aggregateByKey = (id: string, key: string, amount: string): CanonicalNode => ({
  type: 'CustomNode',
  id,
  nodeType: 'aggregate',
  outputVar: 'agg',
  parameters: [
    param('groupBy', key),
    param('aggregator', '#AGG.map({key: #AGG.first, total: #AGG.sum, orders: #AGG.countWhen})'),
    param('aggregateBy', `{key: ${key}, total: ${amount}, orders: true}`),
  ],
});
