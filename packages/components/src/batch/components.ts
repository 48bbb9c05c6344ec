import { typeForClassName, unknownType } from '@scenaria/typing';
import { type ComponentDefinition, type ComponentIssue, defineComponent } from '../component';
import { aggregateOutputType } from '../default-model/aggregates';
import { aggregateParameters } from '../default-model/aggregate-parameters';
import { editors } from '../editors';
import { literalString, rawText } from '../internal/node-parameters';
import { knownString, T } from '../internal/type-helpers';
import { param, type ParameterDefinition } from '../parameter';
import { validators } from '../validators';
import { type QueryDefinition, rowTypeOf, type TableDefinition, tableId } from './tables';

/** What the batch components are built over: the tables and queries read from the databases' catalogues. */
export interface BatchModelOptions {
  readonly tables?: readonly TableDefinition[];
  readonly queries?: readonly QueryDefinition[];
}

const BATCH = ['Bounded-Stream'] as const;

/** Codes the batch components report. */
export type BatchIssueCode = 'UnknownTable' | 'UnknownQuery';

function choice(label: string, names: readonly string[]): ParameterDefinition {
  return param(label, T.string(), {
    scope: 'globals',
    validators: [validators.notBlank(), validators.compileTimeEvaluable()],
    editor:
      names.length > 0
        ? editors.dual({ type: 'FixedValuesParameterEditor', possibleValues: names.map((n) => ({ expression: `'${n.replaceAll("'", "''")}'`, label: n })) }, 'SIMPLE')
        : editors.dual({ type: 'StringParameterEditor' }, 'RAW'),
  });
}

const unknownTable = (id: string | undefined): ComponentIssue => ({
  code: 'UnknownTable',
  message: id === undefined ? 'Table must be a literal table name' : `Unknown table '${id}' (tables are read from the configured databases' catalogues)`,
  paramName: 'Table',
});

function tableSource(tables: ReadonlyMap<string, TableDefinition>): ComponentDefinition {
  return defineComponent({
    type: 'source',
    name: 'table',
    allowedProcessingModes: BATCH,
    parameters: [choice('Table', [...tables.keys()])],
    output: {
      context: 'keep',
      type: ({ parameters }) => {
        const id = knownString(parameters.Table?.type);
        const table = id === undefined ? undefined : tables.get(id);
        return table ? { ok: true, type: rowTypeOf(table) } : { ok: false, errors: [unknownTable(id)] };
      },
    },
    docs: {
      summary: 'Reads every row of a table once; #input is a record of its columns, typed from the catalogue.',
      semantics:
        'Reads `Table` (`database.schema.table`) in chunks ordered by its primary key (keyset pagination; in one consistent snapshot for tables without one) and emits each row as `#input`, a record with one field per column: arrays become List, time LocalTime, date LocalDate, timestamps Instant, text and clob String, numerics the matching number class. The scenario ends when the last row has passed.',
    },
  });
}

function querySource(queries: ReadonlyMap<string, QueryDefinition>): ComponentDefinition {
  return defineComponent({
    type: 'source',
    name: 'query',
    allowedProcessingModes: BATCH,
    parameters: (context) => {
      const query = queries.get(literalString(rawText(context, 'Query')) ?? '');
      const typed = Object.entries(query?.parameters ?? {}).map(([name, className]) =>
        param(name, typeForClassName(className), { scope: 'globals', hintText: `Bound to :${name} in the query` }),
      );
      return [choice('Query', [...queries.keys()]), ...typed];
    },
    output: {
      context: 'keep',
      type: ({ parameters }) => {
        const name = knownString(parameters.Query?.type);
        const query = name === undefined ? undefined : queries.get(name);
        if (!query) return { ok: false, errors: [{ code: 'UnknownQuery', message: `Unknown query '${name ?? ''}'`, paramName: 'Query' }] };
        return { ok: true, type: rowTypeOf(query) };
      },
    },
    docs: {
      summary: 'Runs a configured SQL query once with typed parameters; #input is a record of its columns.',
      semantics:
        'Runs the configured `Query` (its SQL lives in the configuration, so scenario authors never write SQL against the databases) with each `:name` bound to the parameter of that name, evaluated once when the scenario starts, and emits each result row as `#input`, typed like the table source from the columns the catalogue described.',
    },
  });
}

function tableSink(tables: ReadonlyMap<string, TableDefinition>): ComponentDefinition {
  return defineComponent({
    type: 'sink',
    name: 'table',
    allowedProcessingModes: BATCH,
    parameters: (context) => {
      const table = tables.get(literalString(rawText(context, 'Table')) ?? '');
      const common = [choice('Table', [...tables.keys()]), param('Raw editor', T.boolean(), { defaultValue: 'false', editor: editors.boolean() })];
      if (!table) return common;
      if (rawText(context, 'Raw editor') === 'true') return [...common, param('Value', rowTypeOf(table), { evaluation: 'lazy' })];
      const rowType = rowTypeOf(table);
      return [
        ...common,
        ...table.columns.map((column) =>
          param(column.name, rowType.kind === 'record' ? (rowType.fields.get(column.name) ?? unknownType) : unknownType, {
            evaluation: 'lazy',
            isOptional: column.isNullable || column.hasDefault,
          }),
        ),
      ];
    },
    docs: {
      summary: 'Inserts a row per record into a table; its values are checked against the column types.',
      semantics:
        'Evaluates one parameter per column of `Table` (or, with `Raw editor`, a `Value` record typed as the table’s row) and inserts the row. Every row of a run is written in one transaction: a row the database refuses fails the run, reports the row and its error, and rolls back everything the run wrote. Empty optional columns are left to the database (its default or null).',
    },
  });
}

function aggregate(): ComponentDefinition {
  return defineComponent({
    type: 'custom',
    name: 'aggregate',
    allowedProcessingModes: BATCH,
    parameters: aggregateParameters(),
    output: { context: 'clear', type: aggregateOutputType },
    docs: {
      summary: 'Aggregates the whole input, per key: one record per `groupBy` key when the input ends.',
      semantics:
        'Per `groupBy` key (one group for a constant key such as `\'\'`) folds the `aggregateBy` values of every record with the `#AGG` aggregator; when the input has ended it emits one record per key, in key order, holding only the output variable. Keep the key with `#AGG.map({key: #AGG.first, ...})`.',
    },
  });
}

/**
 * The batch components over the given tables and queries: table and query sources, a table sink, the
 * whole-input aggregate. Tables are keyed by `database.schema.table`, queries by name.
 */
export function batchComponents(options: BatchModelOptions = {}): ComponentDefinition[] {
  const tables = new Map((options.tables ?? []).map((t) => [tableId(t), t]));
  const queries = new Map((options.queries ?? []).map((q) => [q.name, q]));
  return [tableSource(tables), querySource(queries), tableSink(tables), aggregate()];
}

