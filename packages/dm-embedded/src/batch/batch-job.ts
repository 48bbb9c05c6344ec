import type { QueryDefinition, SqlColumn, TableDefinition } from '@scenaria/components';
import type { BatchRead, CompiledScenario, InvocationScope } from '@scenaria/engine';
import { toPlainJson } from '@scenaria/typing/runtime';
import { bindNamedParameters } from './catalogue';
import { insertStatement, placeholder, quoteIdent, textSelect, toSqlText } from './dialect';
import type { SqlDatabase, SqlRow, SqlSession } from './sql-database';

/** Counts of a run so far: what was read, what reached the sinks, how many records failed a node. */
export interface BatchProgress {
  rowsRead: number;
  rowsWritten: number;
  recordErrors: number;
}

/** Where a run failed: the message, and for a write the sink node and the row the database refused. */
export interface BatchFailure {
  message: string;
  nodeId?: string;
  row?: unknown;
}

/** Settings of a run. */
export interface BatchJobLimits {
  /** Rows read per query (keyset chunk). */
  chunkRows: number;
  /** Rows per INSERT statement. */
  insertRows: number;
  /** Rows a run may hold back for a database without sessions of its own (the designer's PGlite). */
  maxBufferedRows: number;
}

/** What a run needs: the compiled scenario, its sinks' tables, and the databases by name. */
export interface BatchJobInput {
  compiled: CompiledScenario;
  /** Sink node id -> the table it writes. */
  sinkTables: ReadonlyMap<string, TableDefinition>;
  tables: ReadonlyMap<string, TableDefinition>;
  queries: ReadonlyMap<string, QueryDefinition>;
  databases: ReadonlyMap<string, SqlDatabase>;
  limits: BatchJobLimits;
  signal: AbortSignal;
  onProgress?(progress: BatchProgress): void;
}

/** A run that stopped before its end: the failure it reports. */
export class BatchRunFailed extends Error {
  readonly code = 'BatchRunFailed';
  constructor(readonly failure: BatchFailure) {
    super(failure.message);
  }
}

const YIELD_EVERY_ROWS = 500;

class Canceled extends Error {
  readonly code = 'BatchRunCanceled';
}

function databaseOf(databases: ReadonlyMap<string, SqlDatabase>, name: string): SqlDatabase {
  const database = databases.get(name);
  if (!database) throw new BatchRunFailed({ message: `Database ${name} is not configured` });
  return database;
}

function qualified(database: SqlDatabase, table: TableDefinition): string {
  return `${quoteIdent(database.dialect, table.schema)}.${quoteIdent(database.dialect, table.name)}`;
}

/**
 * Reads a table in chunks: by its primary key (keyset: each chunk starts after the last key read), by
 * `ctid` for a PostgreSQL table without one, by offset otherwise (a MariaDB table without a key, a view).
 */
async function* tableChunks(database: SqlDatabase, table: TableDefinition, chunkRows: number): AsyncGenerator<SqlRow[]> {
  const { dialect } = database;
  const select = table.columns.map((c) => `${textSelect(dialect, c)} AS ${quoteIdent(dialect, c.name)}`);
  const keyColumns = table.primaryKey.map((name) => table.columns.find((c) => c.name === name)).filter((c): c is SqlColumn => c !== undefined);
  const from = qualified(database, table);
  if (keyColumns.length > 0 || dialect === 'postgresql') {
    const usesCtid = keyColumns.length === 0;
    // Qualified: a bare name in ORDER BY would be the text output column of the same name, sorting '10' before '9'.
    const keys = usesCtid ? [`${from}.ctid`] : keyColumns.map((c) => `${from}.${quoteIdent(dialect, c.name)}`);
    const casts = usesCtid ? ['tid'] : keyColumns.map((c) => c.sqlType ?? c.dataType);
    const keyAliases = keys.map((_, index) => `__k${index}`);
    const keySelect = keys.map((key, index) => (dialect === 'postgresql' ? `${key}::text AS ${keyAliases[index]}` : `CAST(${key} AS CHAR) AS ${keyAliases[index]}`));
    let last: string[] | undefined;
    for (;;) {
      const after = last
        ? `WHERE (${keys.join(', ')}) > (${keys.map((_, index) => (dialect === 'postgresql' ? `${placeholder(dialect, index + 1)}::${casts[index]}` : '?')).join(', ')})`
        : '';
      let rows: SqlRow[];
      try {
        rows = await database.session((s) => s.query(`SELECT ${[...select, ...keySelect].join(', ')} FROM ${from} ${after} ORDER BY ${keys.join(', ')} LIMIT ${chunkRows}`, last ?? []));
      } catch (error) {
        // A view has no ctid: it is read by offset instead.
        if (usesCtid && last === undefined && /ctid/.test(String(error))) {
          yield* offsetChunks(database, `SELECT ${select.join(', ')} FROM ${from}`, [], chunkRows);
          return;
        }
        throw error;
      }
      if (rows.length === 0) return;
      const tail = rows[rows.length - 1] as SqlRow;
      last = keyAliases.map((alias) => String(tail[alias]));
      yield rows;
      if (rows.length < chunkRows) return;
    }
  }
  yield* offsetChunks(database, `SELECT ${select.join(', ')} FROM ${from}`, [], chunkRows);
}

async function* offsetChunks(database: SqlDatabase, query: string, params: readonly unknown[], chunkRows: number): AsyncGenerator<SqlRow[]> {
  for (let offset = 0; ; offset += chunkRows) {
    const rows = await database.session((s) => s.query(`${query} LIMIT ${chunkRows} OFFSET ${offset}`, params));
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < chunkRows) return;
  }
}

function queryChunks(database: SqlDatabase, query: QueryDefinition, parameters: Readonly<Record<string, unknown>>, chunkRows: number): AsyncGenerator<SqlRow[]> {
  const { text, names } = bindNamedParameters(database, query);
  const params = names.map((name) => toSqlText(database.dialect, { name, dataType: 'text', isNullable: true, hasDefault: false }, parameters[name] ?? null));
  const select = query.columns.map((c) => `${textSelect(database.dialect, c)} AS ${quoteIdent(database.dialect, c.name)}`);
  // Offsets over the query as written: a query whose order matters says so with its own ORDER BY.
  return offsetChunks(database, `SELECT ${select.join(', ')} FROM (${text}) q`, params, chunkRows);
}

/** Rows going to one table: inserted in statements of `insertRows`, each under a savepoint to find a refused row. */
class TableWriter {
  private pending: { nodeId: string; values: (string | null)[] }[] = [];
  private written = 0;
  private savepoint = 0;
  constructor(
    readonly database: SqlDatabase,
    private readonly table: TableDefinition,
    private readonly limits: BatchJobLimits,
    private session: SqlSession | undefined,
  ) {}

  get rowsWritten(): number {
    return this.written + this.pending.length;
  }

  async add(nodeId: string, row: unknown): Promise<void> {
    if (!(row instanceof Map)) throw new BatchRunFailed({ message: 'A table sink produced something that is not a row', nodeId, row: toPlainJson(row) });
    const values = this.table.columns.map((column) => (row.has(column.name) ? toSqlText(this.database.dialect, column, row.get(column.name)) : undefined));
    this.pending.push({ nodeId, values: values as (string | null)[] });
    if (this.session && this.pending.length >= this.limits.insertRows) await this.flush();
    else if (!this.session && this.pending.length > this.limits.maxBufferedRows) {
      throw new BatchRunFailed({ message: `The run wrote more than ${this.limits.maxBufferedRows} rows to ${this.table.name} on the designer's embedded database; give the database a server (a URL) for bigger runs`, nodeId });
    }
  }

  /** Writes what is pending on a session now available (the designer database's at the end of the run). */
  async finish(session?: SqlSession): Promise<void> {
    if (session) this.session = session;
    while (this.pending.length > 0) await this.flush();
  }

  private async flush(): Promise<void> {
    const session = this.session;
    if (!session || this.pending.length === 0) return;
    const batch = this.pending.splice(0, this.limits.insertRows);
    // Columns a row leaves empty take the database's default: rows are grouped by the columns they fill.
    const groups = new Map<string, typeof batch>();
    for (const row of batch) {
      const shape = row.values.map((v) => (v === undefined ? '0' : '1')).join('');
      groups.set(shape, [...(groups.get(shape) ?? []), row]);
    }
    for (const [shape, rows] of groups) {
      const columns = this.table.columns.filter((_, index) => shape[index] === '1');
      const values = rows.map((row) => row.values.filter((_, index) => shape[index] === '1'));
      const name = `scenaria_w${this.savepoint++}`;
      await session.query(`SAVEPOINT ${name}`);
      try {
        const { text, params } = insertStatement(this.database.dialect, qualified(this.database, this.table), columns, values);
        await session.query(text, params);
        await session.query(`RELEASE SAVEPOINT ${name}`);
      } catch (error) {
        await session.query(`ROLLBACK TO SAVEPOINT ${name}`);
        await this.findRefusedRow(session, columns, rows.map((row, index) => ({ nodeId: row.nodeId, values: values[index] as (string | null)[] })), error);
      }
    }
    this.written += batch.length;
  }

  /** Inserts the rows of a refused statement one by one to name the row the database refuses, then fails the run. */
  private async findRefusedRow(session: SqlSession, columns: SqlColumn[], rows: { nodeId: string; values: (string | null)[] }[], cause: unknown): Promise<never> {
    for (const row of rows) {
      const name = `scenaria_r${this.savepoint++}`;
      await session.query(`SAVEPOINT ${name}`);
      try {
        const { text, params } = insertStatement(this.database.dialect, qualified(this.database, this.table), columns, [row.values]);
        await session.query(text, params);
        await session.query(`ROLLBACK TO SAVEPOINT ${name}`);
      } catch (error) {
        const shown = Object.fromEntries(columns.map((column, index) => [column.name, row.values[index] ?? null]));
        throw new BatchRunFailed({ message: `Writing to ${this.table.database}.${this.table.schema}.${this.table.name} failed: ${messageOf(error)}`, nodeId: row.nodeId, row: shown });
      }
    }
    throw new BatchRunFailed({ message: `Writing to ${this.table.name} failed: ${messageOf(cause)}` });
  }
}

// Drivers wrap the database's own message (drizzle's "Failed query: ..."): the cause says what was wrong.
function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}

/**
 * Runs a compiled batch scenario to its end: reads every source in chunks, feeds each row through the
 * scenario, flushes the aggregates at the end of input and writes the sinks' rows. Each database written
 * to gets one transaction for the whole run, so a failure (or a cancel) leaves its tables as they were; the
 * designer's embedded database, which has no session to spare, gets its rows in one transaction at the end.
 */
export async function runBatchJob(input: BatchJobInput): Promise<BatchProgress> {
  const progress: BatchProgress = { rowsRead: 0, rowsWritten: 0, recordErrors: 0 };
  const writers = new Map<string, TableWriter>();
  const sinkDatabases = [...new Set([...input.sinkTables.values()].map((table) => table.database))].map((name) => databaseOf(input.databases, name));
  const report = () => {
    progress.rowsWritten = [...writers.values()].reduce((sum, writer) => sum + writer.rowsWritten, 0);
    input.onProgress?.({ ...progress });
  };
  const checkCanceled = () => {
    if (input.signal.aborted) throw new Canceled('The run was canceled');
  };

  const handle = async (scope: InvocationScope) => {
    progress.recordErrors += scope.errors.length;
    for (const output of scope.outputs) {
      const writer = writers.get(output.nodeId);
      if (writer && output.value !== undefined) await writer.add(output.nodeId, output.value);
    }
  };

  const process = async () => {
    for (const source of input.compiled.sources) {
      const read: BatchRead | undefined = source.instance.batchRead;
      if (!read) throw new BatchRunFailed({ message: `Source ${source.nodeId} is not a batch source`, nodeId: source.nodeId });
      let chunks: AsyncGenerator<SqlRow[]>;
      if (read.kind === 'table') {
        const table = input.tables.get(read.table);
        if (!table) throw new BatchRunFailed({ message: `Unknown table ${read.table}`, nodeId: source.nodeId });
        chunks = tableChunks(databaseOf(input.databases, table.database), table, input.limits.chunkRows);
      } else {
        const query = input.queries.get(read.query);
        if (!query) throw new BatchRunFailed({ message: `Unknown query ${read.query}`, nodeId: source.nodeId });
        chunks = queryChunks(databaseOf(input.databases, query.database), query, read.parameters, input.limits.chunkRows);
      }
      for await (const rows of chunks) {
        checkCanceled();
        for (let index = 0; index < rows.length; index++) {
          const scope = input.compiled.processRecord(source.nodeId, rows[index]);
          await handle(scope instanceof Promise ? await scope : scope);
          // Runs share the designer's thread: it gets a turn every few hundred rows, not once per chunk.
          if (index % YIELD_EVERY_ROWS === YIELD_EVERY_ROWS - 1) await new Promise((resolve) => setImmediate(resolve));
        }
        progress.rowsRead += rows.length;
        report();
      }
    }
    checkCanceled();
    await handle(await input.compiled.flush());
    report();
  };

  // Opens one transaction per database written to (nested), runs the scenario inside, and writes what the
  // databases without sessions of their own held back, last.
  const within = async (index: number): Promise<void> => {
    const database = sinkDatabases[index];
    if (!database) {
      await process();
      for (const database of sinkDatabases.filter((d) => !d.hasOwnSessions)) {
        const held = [...writers.values()].filter((writer) => writer.database === database);
        await database.transaction(async (session) => {
          for (const writer of held) await writer.finish(session);
        });
      }
      return;
    }
    if (!database.hasOwnSessions) {
      for (const [nodeId, table] of input.sinkTables) if (table.database === database.name) writers.set(nodeId, new TableWriter(database, table, input.limits, undefined));
      return within(index + 1);
    }
    await database.transaction(async (session) => {
      for (const [nodeId, table] of input.sinkTables) if (table.database === database.name) writers.set(nodeId, new TableWriter(database, table, input.limits, session));
      await within(index + 1);
      checkCanceled();
      for (const [nodeId, writer] of writers) if (input.sinkTables.get(nodeId)?.database === database.name) await writer.finish();
    });
  };

  try {
    await within(0);
  } catch (error) {
    if (error instanceof BatchRunFailed || error instanceof Canceled) throw error;
    throw new BatchRunFailed({ message: messageOf(error) });
  }
  report();
  return progress;
}

/** Whether an error is a cancel of the run (its transactions rolled back). */
export function isCanceled(error: unknown): boolean {
  return error instanceof Canceled;
}
