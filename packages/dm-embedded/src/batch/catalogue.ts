import type { QueryDefinition, SqlColumn, TableDefinition } from '@scenaria/components';
import { placeholder } from './dialect';
import type { SqlDatabase, SqlSession } from './sql-database';

/** Bounds on what a catalogue read takes in, so a database with thousands of tables cannot swamp the model. */
export const MAX_CATALOGUE_TABLES = 1_000;

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const truthy = (value: unknown): boolean => value === true || value === 't' || value === 'true' || value === '1' || value === 1 || value === 'YES';

interface ColumnRow {
  table_schema: unknown;
  table_name: unknown;
  column_name: unknown;
  data_type: unknown;
  element_type: unknown;
  is_nullable: unknown;
  has_default: unknown;
  sql_type: unknown;
  is_key: unknown;
}

function columnOf(row: ColumnRow): SqlColumn {
  const elementType = text(row.element_type);
  return {
    name: text(row.column_name),
    dataType: text(row.data_type),
    ...(elementType !== '' ? { elementType } : {}),
    isNullable: truthy(row.is_nullable),
    hasDefault: truthy(row.has_default),
    sqlType: text(row.sql_type),
  };
}

async function columnRows(database: SqlDatabase, session: SqlSession, schemas: readonly string[]): Promise<ColumnRow[]> {
  const list = schemas.map((_, index) => placeholder(database.dialect, index + 1)).join(', ');
  if (database.dialect === 'mariadb') {
    return (await session.query(
      `SELECT TABLE_SCHEMA AS table_schema, TABLE_NAME AS table_name, COLUMN_NAME AS column_name, DATA_TYPE AS data_type, NULL AS element_type,
              IS_NULLABLE AS is_nullable, (COLUMN_DEFAULT IS NOT NULL AND COLUMN_DEFAULT <> 'NULL') OR EXTRA LIKE '%auto_increment%' AS has_default,
              COLUMN_TYPE AS sql_type, COLUMN_KEY = 'PRI' AS is_key
         FROM information_schema.COLUMNS WHERE TABLE_SCHEMA IN (${list}) ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION`,
      schemas,
    )) as unknown as ColumnRow[];
  }
  return (await session.query(
    `SELECT c.table_schema::text AS table_schema, c.table_name::text AS table_name, c.column_name::text AS column_name, c.data_type::text AS data_type,
            CASE WHEN c.data_type = 'ARRAY' THEN substr(c.udt_name::text, 2) END AS element_type, c.is_nullable::text AS is_nullable,
            (c.column_default IS NOT NULL OR c.is_identity = 'YES')::text AS has_default,
            format_type(a.atttypid, a.atttypmod) AS sql_type,
            (EXISTS (SELECT 1 FROM pg_catalog.pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND a.attnum = ANY(i.indkey)))::text AS is_key
       FROM information_schema.columns c
       JOIN pg_catalog.pg_namespace n ON n.nspname = c.table_schema
       JOIN pg_catalog.pg_class r ON r.relnamespace = n.oid AND r.relname = c.table_name
       JOIN pg_catalog.pg_attribute a ON a.attrelid = r.oid AND a.attname = c.column_name
      WHERE c.table_schema IN (${list})
      ORDER BY c.table_schema, c.table_name, c.ordinal_position`,
    schemas,
  )) as unknown as ColumnRow[];
}

/**
 * The tables (and views) of the given schemas (databases, on MariaDB) with their columns and primary keys,
 * read from the catalogue. At most `MAX_CATALOGUE_TABLES` are taken, in name order.
 * @example const tables = await readTables(database, ['public']);
 */
export async function readTables(database: SqlDatabase, schemas: readonly string[]): Promise<TableDefinition[]> {
  if (schemas.length === 0) return [];
  const rows = await database.session((session) => columnRows(database, session, schemas));
  const tables = new Map<string, TableDefinition & { columns: SqlColumn[]; primaryKey: string[] }>();
  for (const row of rows) {
    const key = `${text(row.table_schema)}.${text(row.table_name)}`;
    let table = tables.get(key);
    if (!table) {
      if (tables.size >= MAX_CATALOGUE_TABLES) continue;
      table = { database: database.name, dialect: database.dialect, schema: text(row.table_schema), name: text(row.table_name), columns: [], primaryKey: [] };
      tables.set(key, table);
    }
    const column = columnOf(row);
    table.columns.push(column);
    if (truthy(row.is_key)) table.primaryKey.push(column.name);
  }
  return [...tables.values()];
}

/** A query of the configuration: its SQL with `:name` parameters and their class names. */
export interface ConfiguredQuery {
  database: string;
  sql: string;
  parameters?: Readonly<Record<string, string>>;
}

/**
 * Replaces the query's `:name` parameters (names it declares; `::` casts stay) with placeholders, or with
 * `replacement` when given; answers the names in placeholder order.
 */
export function bindNamedParameters(database: SqlDatabase, query: ConfiguredQuery, replacement?: string): { text: string; names: string[] } {
  const declared = new Set(Object.keys(query.parameters ?? {}));
  const names: string[] = [];
  const text = query.sql.replace(/(?<![:\w]):([A-Za-z_]\w*)/g, (whole, name: string) => {
    if (!declared.has(name)) return whole;
    names.push(name);
    return replacement ?? placeholder(database.dialect, names.length);
  });
  return { text, names };
}

/**
 * The columns a configured query answers, asked of the database itself: PostgreSQL describes it as a
 * temporary view, MariaDB as an empty temporary table, both dropped again (parameters stand in as NULL).
 */
export async function describeQuery(database: SqlDatabase, name: string, query: ConfiguredQuery): Promise<QueryDefinition> {
  const { text: sqlText } = bindNamedParameters(database, query, 'NULL');
  const temporary = `scenaria_describe_${Math.random().toString(36).slice(2, 10)}`;
  const rows = await database.session(async (session) => {
    if (database.dialect === 'mariadb') {
      await session.query(`CREATE TEMPORARY TABLE \`${temporary}\` AS SELECT * FROM (${sqlText}) q LIMIT 0`);
      try {
        return (await session.query(
          `SELECT COLUMN_NAME AS column_name, DATA_TYPE AS data_type, NULL AS element_type, 'YES' AS is_nullable, 0 AS has_default, COLUMN_TYPE AS sql_type, 0 AS is_key
             FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
          [temporary],
        )) as unknown as ColumnRow[];
      } finally {
        await session.query(`DROP TEMPORARY TABLE IF EXISTS \`${temporary}\``);
      }
    }
    // Inside a transaction that always rolls back, so the view never outlives the question.
    const rollback = { rows: [] as ColumnRow[] };
    try {
      await database.transaction(async (tx) => {
        await tx.query(`CREATE TEMP VIEW "${temporary}" AS ${sqlText}`);
        rollback.rows = (await tx.query(
          `SELECT c.column_name::text AS column_name, c.data_type::text AS data_type, CASE WHEN c.data_type = 'ARRAY' THEN substr(c.udt_name::text, 2) END AS element_type,
                  'YES' AS is_nullable, 'false' AS has_default, format_type(a.atttypid, a.atttypmod) AS sql_type, 'false' AS is_key
             FROM information_schema.columns c
             JOIN pg_catalog.pg_attribute a ON a.attrelid = ('pg_temp.' || quote_ident(c.table_name))::regclass AND a.attname = c.column_name
            WHERE c.table_name = $1 AND c.table_schema LIKE 'pg_temp%' ORDER BY c.ordinal_position`,
          [temporary],
        )) as unknown as ColumnRow[];
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    return rollback.rows;
  });
  return { name, database: database.name, dialect: database.dialect, sql: query.sql, parameters: { ...(query.parameters ?? {}) }, columns: rows.map(columnOf) };
}
