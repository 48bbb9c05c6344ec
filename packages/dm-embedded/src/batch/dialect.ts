import type { SqlColumn, SqlDialect } from '@scenaria/components';
import { isJavaBigDecimal, javaToString, toPlainJson } from '@scenaria/typing/runtime';

/** A table or column name quoted for the dialect (names come from the catalogue, never from scenario text). */
export function quoteIdent(dialect: SqlDialect, name: string): string {
  return dialect === 'mariadb' ? `\`${name.replaceAll('`', '``')}\`` : `"${name.replaceAll('"', '""')}"`;
}

/** The n-th (1-based) placeholder of the dialect. */
export function placeholder(dialect: SqlDialect, index: number): string {
  return dialect === 'mariadb' ? '?' : `$${index}`;
}

const PG_INSTANT_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/**
 * The select expression that reads a column as text the column's class parses: ISO instants in UTC (a
 * timestamp without zone is taken as UTC), JSON for arrays, the database's own text for the rest.
 */
export function textSelect(dialect: SqlDialect, column: SqlColumn): string {
  const name = quoteIdent(dialect, column.name);
  const type = column.dataType.toLowerCase();
  if (dialect === 'mariadb') {
    if (type === 'datetime' || type === 'timestamp') return `DATE_FORMAT(${name}, '%Y-%m-%dT%H:%i:%s.%fZ')`;
    return name;
  }
  if (type === 'array') return `to_json(${name})::text`;
  if (type === 'timestamp with time zone') return `to_char(${name} AT TIME ZONE 'UTC', ${PG_INSTANT_FORMAT})`;
  if (type === 'timestamp without time zone') return `to_char(${name}, ${PG_INSTANT_FORMAT})`;
  return `${name}::text`;
}

function pgArrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  if (Array.isArray(value)) return pgArrayLiteral(value);
  return `"${cellText(value, 'postgresql').replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

function pgArrayLiteral(values: readonly unknown[]): string {
  return `{${values.map(pgArrayElement).join(',')}}`;
}

function cellText(value: unknown, dialect: SqlDialect): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return dialect === 'mariadb' ? (value ? '1' : '0') : String(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  // Plain digits: Java's toString of a BigDecimal may use an exponent, which MariaDB's DECIMAL input refuses.
  if (isJavaBigDecimal(value)) return (value as { toFixed(): string }).toFixed();
  if (value instanceof Map || value instanceof Set) return JSON.stringify(toPlainJson(value));
  return javaToString(value);
}

/**
 * A runtime value as the text a database takes for the column: arrays as PostgreSQL array literals (JSON on
 * MariaDB), instants as ISO text (without the zone on MariaDB's DATETIME), maps as JSON.
 */
export function toSqlText(dialect: SqlDialect, column: SqlColumn, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return dialect === 'postgresql' ? pgArrayLiteral(value) : JSON.stringify(toPlainJson(value));
  const text = cellText(value, dialect);
  const type = column.dataType.toLowerCase();
  if (dialect === 'mariadb' && (type === 'datetime' || type === 'timestamp')) return text.replace('T', ' ').replace(/Z$/, '');
  return text;
}

/** The type a PostgreSQL text parameter is cast to for a column. */
export function castType(column: SqlColumn): string {
  return column.sqlType ?? (column.dataType.toLowerCase() === 'array' ? 'text[]' : column.dataType);
}

/**
 * One INSERT of several rows given as text: PostgreSQL unnests one text array per column and casts each to
 * its column type; MariaDB takes plain placeholders and converts the text itself.
 */
export function insertStatement(dialect: SqlDialect, table: string, columns: readonly SqlColumn[], rows: readonly (string | null)[][]): { text: string; params: unknown[] } {
  const names = columns.map((column) => quoteIdent(dialect, column.name));
  if (dialect === 'postgresql') {
    // Each column's texts travel as one array literal: every driver passes a string, not all pass JS arrays.
    const arrays = columns.map((_, index) => pgArrayLiteral(rows.map((row) => row[index] ?? null)));
    const unnest = columns.map((_, index) => `$${index + 1}::text[]`).join(', ');
    const aliases = columns.map((_, index) => `c${index}`);
    const casts = columns.map((column, index) => `${aliases[index]}::${castType(column)}`).join(', ');
    return { text: `INSERT INTO ${table} (${names.join(', ')}) SELECT ${casts} FROM unnest(${unnest}) AS u(${aliases.join(', ')})`, params: arrays };
  }
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  return { text: `INSERT INTO ${table} (${names.join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`, params: rows.flat() };
}
