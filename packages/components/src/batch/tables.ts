import { recordType, type TypingResult } from '@scenaria/typing';
import { z } from 'zod';
import { sqlTypeToType } from './sql-types';

/** A column as read from a database's catalogue. */
export const SqlColumnSchema = z.object({
  name: z.string().min(1),
  /** The catalogue's type name (`information_schema.columns.data_type`). */
  dataType: z.string().min(1),
  /** The element type of an array column. */
  elementType: z.string().optional(),
  isNullable: z.boolean(),
  /** Whether the database fills the column itself when an insert leaves it out (a default, an identity). */
  hasDefault: z.boolean().default(false),
  /** The column's full SQL type as the database writes it (`numeric(10,2)`, `bigint[]`), for casts. */
  sqlType: z.string().optional(),
});
/** A column as read from a database's catalogue. */
export type SqlColumn = z.infer<typeof SqlColumnSchema>;

/** A table of a configured database, as its catalogue describes it. */
export const TableDefinitionSchema = z.object({
  /** The configured name of the database (`designer` is the designer's own). */
  database: z.string().min(1),
  dialect: z.enum(['postgresql', 'mariadb']),
  /** The schema (PostgreSQL) or database (MariaDB) holding the table. */
  schema: z.string().min(1),
  name: z.string().min(1),
  columns: z.array(SqlColumnSchema).min(1),
  /** Columns of the primary key (the keyset reads walk it); empty when the table has none. */
  primaryKey: z.array(z.string()).default([]),
});
/** A table of a configured database. */
export type TableDefinition = z.infer<typeof TableDefinitionSchema>;

/** A query of a configured database with named, typed parameters (`:name` in the SQL) and described columns. */
export const QueryDefinitionSchema = z.object({
  name: z.string().min(1),
  database: z.string().min(1),
  dialect: z.enum(['postgresql', 'mariadb']),
  sql: z.string().min(1),
  /** Parameter name -> class name (`Long`, `String`, `LocalDate`...). */
  parameters: z.record(z.string(), z.string()).default({}),
  columns: z.array(SqlColumnSchema).min(1),
});
/** A configured query. */
export type QueryDefinition = z.infer<typeof QueryDefinitionSchema>;

/** How scenarios name a table: `database.schema.table`. */
export function tableId(table: Pick<TableDefinition, 'database' | 'schema' | 'name'>): string {
  return `${table.database}.${table.schema}.${table.name}`;
}

/** The record type of a table's (or query's) rows: one field per column, typed by the dialect's conversion. */
export function rowTypeOf(definition: Pick<TableDefinition, 'dialect' | 'columns'>): TypingResult {
  return recordType(definition.columns.map((column) => [column.name, sqlTypeToType(definition.dialect, column)] as const));
}
