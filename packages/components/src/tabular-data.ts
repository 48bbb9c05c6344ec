import type { Issue } from '@scenaria/issues';
import type { TypingResult } from '@scenaria/typing';
import { z } from 'zod';
import { T } from './internal/type-helpers';

/** Column types a decision table may use (the editor's choice list). */
export const tabularColumnTypes = [
  'java.lang.String',
  'java.lang.Boolean',
  'java.lang.Integer',
  'java.lang.Long',
  'java.lang.Double',
  'java.math.BigDecimal',
  'java.time.LocalDate',
  'java.time.LocalTime',
  'java.time.LocalDateTime',
] as const;

/** The JSON a `tabularDataDefinition` expression holds: typed columns and rows of cells (strings or null). */
export const TabularDataDefinitionSchema = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  rows: z.array(z.array(z.string().nullable())),
});
/** A decision table as stored in the expression text. */
export type TabularDataDefinition = z.infer<typeof TabularDataDefinitionSchema>;

/** Codes of bad cells: a row of the wrong width, or a cell that does not convert to its column's type. */
export type TabularCellErrorCode = 'WrongRowLength' | 'InvalidCellValue';

/** One bad cell (or row, with an empty `columnName`). */
export interface TabularCellError extends Issue<TabularCellErrorCode> {
  readonly columnName: string;
  readonly rowIndex: number;
}

/** A table that could not be read: what is wrong overall, each bad cell, and the columns as read. */
export type TabularDataFailure = { ok: false; message: string; cellErrors: TabularCellError[]; columnDefinitions: { name: string; aType: string }[] };

/** The outcome of reading a table: the record type of a row, or what is wrong. */
export type TabularDataResult = { ok: true; table: TabularDataDefinition; rowType: TypingResult } | TabularDataFailure;

/** The reference's `TabularDataDefinitionParserErrorDetails`, sent as the `details` of a validation error (semantics.md §4). */
export interface TabularDataErrorDetails {
  type: 'TabularDataDefinitionParserErrorDetails';
  cellErrors: { columnName: string; rowIndex: number; errorMessage: string }[];
  columnDefinitions: { name: string; aType: string }[];
}

/** A failed table in the reference's details shape, where each cell's `message` is called `errorMessage`. */
export function tabularDataErrorDetails(failure: TabularDataFailure): TabularDataErrorDetails {
  return {
    type: 'TabularDataDefinitionParserErrorDetails',
    cellErrors: failure.cellErrors.map((cell) => ({ columnName: cell.columnName, rowIndex: cell.rowIndex, errorMessage: cell.message })),
    columnDefinitions: failure.columnDefinitions,
  };
}

const cellPatterns: Record<string, RegExp> = {
  'java.lang.Boolean': /^(true|false)$/i,
  'java.lang.Integer': /^[+-]?\d+$/,
  'java.lang.Long': /^[+-]?\d+$/,
  'java.lang.Double': /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/,
  'java.math.BigDecimal': /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/,
  'java.time.LocalDate': /^\d{4}-\d{2}-\d{2}$/,
  'java.time.LocalTime': /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/,
  'java.time.LocalDateTime': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/,
};

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/** Reads a decision table's JSON text, checking column types, unique names, row widths and cell formats. */
export function parseTabularData(text: string): TabularDataResult {
  const fail = (message: string, cellErrors: TabularCellError[] = [], columns: TabularDataDefinition['columns'] = []): TabularDataFailure => ({
    ok: false as const,
    message,
    cellErrors,
    columnDefinitions: columns.map((c) => ({ name: c.name, aType: c.type })),
  });
  let json: unknown;
  try {
    json = JSON.parse(text === '' ? '{"columns":[],"rows":[]}' : text);
  } catch {
    return fail('The table definition is not valid JSON');
  }
  const parsed = TabularDataDefinitionSchema.safeParse(json);
  if (!parsed.success) return fail('The table definition must have "columns" [{name, type}] and "rows" [[cell]]');
  const table = parsed.data;
  const seen = new Set<string>();
  for (const column of table.columns) {
    if (column.name.trim() === '') return fail('Column names must not be empty', [], table.columns);
    if (seen.has(column.name)) return fail(`Column name '${column.name}' is used more than once`, [], table.columns);
    seen.add(column.name);
    if (!(tabularColumnTypes as readonly string[]).includes(column.type)) {
      return fail(`Column '${column.name}' has an unsupported type '${column.type}'`, [], table.columns);
    }
  }
  const cellErrors: TabularCellError[] = [];
  table.rows.forEach((row, rowIndex) => {
    if (row.length !== table.columns.length) {
      cellErrors.push({
        code: 'WrongRowLength',
        columnName: '',
        rowIndex,
        message: `Row has ${row.length} cells, expected ${table.columns.length}`,
      });
      return;
    }
    row.forEach((cell, index) => {
      const column = table.columns[index];
      if (cell === null || column === undefined) return;
      const pattern = cellPatterns[column.type];
      const valid =
        pattern === undefined ||
        (pattern.test(cell.trim()) &&
          (column.type !== 'java.lang.Integer' || (Number(cell) >= INT_MIN && Number(cell) <= INT_MAX)));
      if (!valid) {
        cellErrors.push({
          code: 'InvalidCellValue',
          columnName: column.name,
          rowIndex,
          message: `Cannot convert '${cell}' to ${column.type.slice(column.type.lastIndexOf('.') + 1)}`,
        });
      }
    });
  });
  if (cellErrors.length > 0) return fail('Some cells have values of a wrong type', cellErrors, table.columns);
  const fields: Record<string, TypingResult> = {};
  for (const column of table.columns) fields[column.name] = T.fromClassName(column.type);
  return { ok: true, table, rowType: T.record(fields) };
}
