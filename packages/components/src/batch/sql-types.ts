import { listType, mapType, type TypingResult, Types, unknownType } from '@scenaria/typing';

/** The SQL dialects batch tables live in. */
export type SqlDialect = 'postgresql' | 'mariadb';

// Keys are the catalogue's type names, lower case: `information_schema.columns.data_type` (PostgreSQL `udt_name`
// for arrays' elements) and MariaDB's `data_type`. Each maps to the class the expression language sees.
// The reference gives arrays -> List, time -> LocalTime, date -> LocalDate, timestamp -> Instant, clob -> String;
// the numerics follow the JDBC mapping the original's table components inherit (smallint -> Short, integer ->
// Integer, bigint -> Long, real -> Float, double -> Double, numeric/decimal -> BigDecimal).
const POSTGRESQL: Readonly<Record<string, TypingResult>> = {
  smallint: Types.Short,
  int2: Types.Short,
  integer: Types.Integer,
  int4: Types.Integer,
  bigint: Types.Long,
  int8: Types.Long,
  real: Types.Float,
  float4: Types.Float,
  'double precision': Types.Double,
  float8: Types.Double,
  numeric: Types.BigDecimal,
  decimal: Types.BigDecimal,
  boolean: Types.Boolean,
  bool: Types.Boolean,
  text: Types.String,
  'character varying': Types.String,
  varchar: Types.String,
  character: Types.String,
  bpchar: Types.String,
  char: Types.String,
  uuid: Types.String,
  date: Types.LocalDate,
  'time without time zone': Types.LocalTime,
  time: Types.LocalTime,
  'timestamp without time zone': Types.Instant,
  timestamp: Types.Instant,
  'timestamp with time zone': Types.Instant,
  timestamptz: Types.Instant,
};

const MARIADB: Readonly<Record<string, TypingResult>> = {
  tinyint: Types.Byte,
  smallint: Types.Short,
  mediumint: Types.Integer,
  int: Types.Integer,
  integer: Types.Integer,
  bigint: Types.Long,
  float: Types.Float,
  double: Types.Double,
  decimal: Types.BigDecimal,
  numeric: Types.BigDecimal,
  bit: Types.Boolean,
  boolean: Types.Boolean,
  char: Types.String,
  varchar: Types.String,
  text: Types.String,
  tinytext: Types.String,
  mediumtext: Types.String,
  longtext: Types.String,
  clob: Types.String,
  enum: Types.String,
  uuid: Types.String,
  date: Types.LocalDate,
  time: Types.LocalTime,
  datetime: Types.Instant,
  timestamp: Types.Instant,
};

/** A column type as the catalogue gives it: its name and, for arrays, the element's name. */
export interface SqlColumnType {
  readonly dataType: string;
  /** The element type of an array column (PostgreSQL `udt_name` without its leading underscore). */
  readonly elementType?: string | undefined;
}

/**
 * The type the expression language gives values of a SQL column (Unknown for types without a mapping, which
 * the table components still read as text).
 * @example sqlTypeToType('postgresql', { dataType: 'ARRAY', elementType: 'int8' }) // List[Long]
 */
export function sqlTypeToType(dialect: SqlDialect, column: SqlColumnType): TypingResult {
  const name = column.dataType.toLowerCase();
  if (dialect === 'postgresql') {
    if (name === 'array') return listType(column.elementType ? sqlTypeToType(dialect, { dataType: column.elementType }) : unknownType);
    if (name === 'json' || name === 'jsonb') return mapType(Types.String, unknownType);
    return POSTGRESQL[name] ?? unknownType;
  }
  // MariaDB's BOOLEAN is TINYINT(1); the catalogue reports it as tinyint, so it stays a number as JDBC reads it.
  if (name === 'json') return mapType(Types.String, unknownType);
  return MARIADB[name] ?? unknownType;
}
