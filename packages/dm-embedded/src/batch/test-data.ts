import type { QueryDefinition, SqlColumn, TableDefinition } from '@scenaria/components';
import type { DeploymentIssue } from '@scenaria/deployment-sdk';
import type { CompiledScenario } from '@scenaria/engine';
import { bindNamedParameters } from './catalogue';
import { quoteIdent, textSelect, toSqlText } from './dialect';
import type { SqlDatabase, SqlRow } from './sql-database';

/** How test data of batch sources is made: rows sampled from the table (`live`), or made up from the column types (`random`). */
export type TestDataGenerationMode = 'live' | 'random';

/** What generation reads. */
export interface BatchTestDataContext {
  mode: TestDataGenerationMode;
  tables: ReadonlyMap<string, TableDefinition>;
  queries: ReadonlyMap<string, QueryDefinition>;
  databases: ReadonlyMap<string, SqlDatabase>;
}

// A deterministic generator: the same scenario and sample count give the same file, which a test can compare.
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];

function randomCell(dialect: SqlDatabase['dialect'], column: SqlColumn, next: () => number): unknown {
  if (column.isNullable && next() < 0.1) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  const type = column.dataType.toLowerCase();
  if (type === 'array') return Array.from({ length: Math.floor(next() * 4) }, () => randomCell(dialect, { ...column, dataType: column.elementType ?? 'text', isNullable: false }, next));
  if (/^(smallint|int2|tinyint)$/.test(type)) return String(Math.floor(next() * 100));
  if (/^(integer|int4|int|mediumint|bigint|int8)$/.test(type)) return String(Math.floor(next() * 1_000_000));
  if (/^(numeric|decimal)$/.test(type)) return (next() * 10_000).toFixed(2);
  if (/^(real|float4|float|double precision|float8|double)$/.test(type)) return String(Math.round(next() * 1e6) / 100);
  if (/^(boolean|bool|bit)$/.test(type)) return next() < 0.5 ? 'true' : 'false';
  if (type === 'date') return `2026-${pad(1 + Math.floor(next() * 12))}-${pad(1 + Math.floor(next() * 28))}`;
  if (type.startsWith('time') && !type.startsWith('timestamp')) return `${pad(Math.floor(next() * 24))}:${pad(Math.floor(next() * 60))}:${pad(Math.floor(next() * 60))}`;
  if (type.startsWith('timestamp') || type === 'datetime') return new Date(Date.UTC(2026, 0, 1) + Math.floor(next() * 365 * 86_400_000)).toISOString();
  if (type === 'json' || type === 'jsonb') return '{}';
  return `${WORDS[Math.floor(next() * WORDS.length)]}-${Math.floor(next() * 1000)}`;
}

/**
 * Test data for a batch scenario, one `{"sourceId","record"}` line per record, `samples` records taken from the
 * sources in turn: the first rows of each table or query (`live`), or rows made up from the columns (`random`).
 */
export async function generateBatchTestData(
  compiled: CompiledScenario,
  samples: number,
  context: BatchTestDataContext,
): Promise<{ ok: true; value: string } | { ok: false; errors: DeploymentIssue[] }> {
  const perSource: { sourceId: string; rows: unknown[] }[] = [];
  for (const source of compiled.sources) {
    const read = source.instance.batchRead;
    if (!read) continue;
    const definition = read.kind === 'table' ? context.tables.get(read.table) : context.queries.get(read.query);
    const database = definition ? context.databases.get(definition.database) : undefined;
    if (!definition || !database) continue;
    if (context.mode === 'random') {
      const next = random(samples * 7919 + source.nodeId.length);
      perSource.push({ sourceId: source.nodeId, rows: Array.from({ length: samples }, () => Object.fromEntries(definition.columns.map((c) => [c.name, randomCell(database.dialect, c, next)]))) });
      continue;
    }
    const select = definition.columns.map((c) => `${textSelect(database.dialect, c)} AS ${quoteIdent(database.dialect, c.name)}`).join(', ');
    let rows: SqlRow[];
    if (read.kind === 'table') {
      const table = definition as TableDefinition;
      rows = await database.session((s) => s.query(`SELECT ${select} FROM ${quoteIdent(database.dialect, table.schema)}.${quoteIdent(database.dialect, table.name)} LIMIT ${samples}`));
    } else {
      const query = definition as QueryDefinition;
      const { text, names } = bindNamedParameters(database, query);
      const params = names.map((name) => toSqlText(database.dialect, { name, dataType: 'text', isNullable: true, hasDefault: false }, read.parameters[name] ?? null));
      rows = await database.session((s) => s.query(`SELECT ${select} FROM (${text}) q LIMIT ${samples}`, params));
    }
    perSource.push({ sourceId: source.nodeId, rows: rows.map((row) => Object.fromEntries(definition.columns.map((c) => [c.name, row[c.name] ?? null]))) });
  }
  const lines: string[] = [];
  for (let turn = 0; lines.length < samples && perSource.some((s) => s.rows.length > 0); turn++) {
    const source = perSource[turn % perSource.length];
    const row = source?.rows.shift();
    if (source && row !== undefined) lines.push(JSON.stringify({ sourceId: source.sourceId, record: row }));
  }
  if (lines.length === 0) return { ok: false, errors: [{ code: 'CannotGenerateTestData', message: 'No test data to generate: the scenario’s tables hold no rows' }] };
  return { ok: true, value: lines.join('\n') };
}
