import { parseTabularData } from '@scenaria/components';
import type { TabularDataDefinition } from '@scenaria/components';
import { convertStringTo, fromPlainJson, javaBigDecimal, javaDouble, javaLong, toPlainJson } from '@scenaria/typing/runtime';

import { derivedContext } from '../runtime/context';
import type { RuntimeContext } from '../runtime/context';

import type { ComponentInstanceArgs, ComponentRuntime, ComponentRuntimeRegistry, Emit, LazyParameter } from './component-runtime';
import { createComponentRuntimeRegistry } from './component-runtime';
import { delayRecords, sessionAggregate, slidingAggregate, tumblingAggregate } from './windows';
import { batchRuntimes } from '../batch/batch-runtimes';

/** Reads JSON text (or takes already parsed JSON) and decodes it into runtime values. */
function decodeJsonRecord(record: unknown): unknown {
  if (typeof record === 'string') {
    try {
      return fromPlainJson(JSON.parse(record));
    } catch {
      return record;
    }
  }
  return fromPlainJson(record);
}

const jsonSource: ComponentRuntime = { kind: 'source', create: () => ({ decodeRecord: decodeJsonRecord }) };

function lazy(args: ComponentInstanceArgs, name: string): LazyParameter {
  const parameter = args.lazy[name];
  if (!parameter) throw new Error(`${args.definition.name}: parameter ${name} is not lazy`);
  return parameter;
}

/** A sink's value: `Value` in raw mode, otherwise a record of the field parameters (decided once per node). */
function valueOrFields(args: ComponentInstanceArgs, notFields: readonly string[], dropNulls: boolean): (context: RuntimeContext) => unknown {
  const raw = args.lazy['Value'];
  if (raw) return (context) => raw.evaluate(context);
  const fields = Object.entries(args.lazy).filter(([name]) => !notFields.includes(name));
  return (context) => {
    const record = new Map<string, unknown>();
    for (const [name, parameter] of fields) {
      const value = parameter.evaluate(context);
      if (!(dropNulls && value === null)) record.set(name, value);
    }
    return record;
  };
}

function toMillis(duration: unknown, what: string): number {
  if (typeof duration === 'object' && duration !== null && 'toMillis' in duration && typeof duration.toMillis === 'function') {
    return Number(duration.toMillis());
  }
  throw new Error(`${what} must be a Duration`);
}

function convertCell(type: string, cell: string | null): unknown {
  if (cell === null) return null;
  const text = cell.trim();
  switch (type) {
    case 'java.lang.String':
      return cell;
    case 'java.lang.Boolean':
      return text.toLowerCase() === 'true';
    case 'java.lang.Integer':
      return Number.parseInt(text, 10);
    case 'java.lang.Long':
      return javaLong(BigInt(text));
    case 'java.lang.Double':
      return javaDouble(Number(text));
    case 'java.math.BigDecimal':
      return javaBigDecimal(text);
    default:
      return convertStringTo(type, text) ?? cell;
  }
}

function tableRows(table: TabularDataDefinition): Map<string, unknown>[] {
  return table.rows.map((row) => new Map(table.columns.map((column, index) => [column.name, convertCell(column.type, row[index] ?? null)])));
}

function forEachElement(context: RuntimeContext, elements: readonly unknown[], emit: Emit, from = 0): void | Promise<void> {
  for (let index = from; index < elements.length; index++) {
    const pending = emit(derivedContext(context, { id: `${context.id}-${index}` }), elements[index]);
    if (pending !== undefined) return pending.then(() => forEachElement(context, elements, emit, index + 1));
  }
  return undefined;
}

function headersRecord(headers: { forEach(callback: (value: string, key: string) => void): void }): Map<string, string> {
  const record = new Map<string, string>();
  headers.forEach((value, key) => record.set(key, value));
  return record;
}

const runtimes: Record<string, ComponentRuntime> = {
  'source-kafka': {
    kind: 'source',
    create: (args) => {
      const topic = args.constants['Topic'];
      return { decodeRecord: decodeJsonRecord, ...(typeof topic === 'string' ? { readsTopic: topic } : {}) };
    },
  },
  'source-request': jsonSource,
  'source-event-generator': {
    kind: 'source',
    create: (args) => ({
      decodeRecord: decodeJsonRecord,
      generate() {
        const count = typeof args.constants['count'] === 'number' ? args.constants['count'] : 1;
        return Array.from({ length: count }, () => lazy(args, 'value').evaluate(args.globalContext()));
      },
    }),
  },
  'sink-kafka': {
    kind: 'sink',
    create(args) {
      const value = valueOrFields(args, ['Topic', 'Schema version', 'Key', 'Raw editor', 'Value validation mode'], false);
      return { output: (_values, context) => value(context) };
    },
  },
  'sink-response': {
    kind: 'sink',
    create(args) {
      const value = valueOrFields(args, ['Raw editor'], true);
      return { output: (_values, context) => value(context) };
    },
  },
  'sink-dead-end': { kind: 'sink', create: () => ({ output: () => undefined }) },
  'sink-logging': {
    kind: 'sink',
    create: (args) => ({
      output(_values, context) {
        const value = lazy(args, 'Value').evaluate(context);
        return value === null ? new Map(Object.entries(context.variables)) : value;
      },
    }),
  },
  'custom-for-each': {
    kind: 'custom',
    create: (args) => ({
      process(context, _values, emit) {
        const elements = lazy(args, 'Elements').evaluate(context);
        if (elements === null || elements === undefined) return;
        const list = Array.isArray(elements) ? elements : elements instanceof Set ? [...elements] : [elements];
        return forEachElement(context, list, emit);
      },
    }),
  },
  'custom-union': {
    kind: 'join',
    create: (args) => ({
      process(branchId, context, emit) {
        const output = args.branchLazy[branchId]?.['Output expression'];
        if (!output) throw new Error(`union: no output expression for branch ${branchId}`);
        return emit(context, output.evaluate(context));
      },
    }),
  },
  'service-decision-table': {
    kind: 'service',
    create(args) {
      let cached: { text: string; rows: Map<string, unknown>[] } | undefined;
      return {
        invoke(values, context) {
          const text = String(values['Decision Table'] ?? '');
          if (cached?.text !== text) {
            const parsed = parseTabularData(text);
            if (!parsed.ok) throw new Error(`Decision table: ${parsed.message}`);
            cached = { text, rows: tableRows(parsed.table) };
          }
          const condition = lazy(args, 'Match condition');
          return cached.rows.filter((row) => condition.evaluate(context, { ROW: row }) === true);
        },
      };
    },
  },
  'custom-aggregate-sliding': { kind: 'custom', create: (args) => slidingAggregate(args, toMillis(args.constants['windowLength'], 'windowLength')) },
  'custom-aggregate-tumbling': { kind: 'custom', create: (args) => tumblingAggregate(args, toMillis(args.constants['windowLength'], 'windowLength')) },
  'custom-aggregate-session': { kind: 'custom', create: (args) => sessionAggregate(args, toMillis(args.constants['sessionTimeout'], 'sessionTimeout')) },
  'custom-delay': {
    kind: 'custom',
    create(args) {
      const key = lazy(args, 'key');
      return delayRecords(args, toMillis(args.constants['delay'], 'delay'), (context) => {
        const value = key.evaluate(context);
        return value === null || value === undefined ? '' : String(value);
      });
    },
  },
  'service-http': {
    kind: 'service',
    create(args) {
      const fetchImpl = args.services.fetch ?? (globalThis as { fetch?: NonNullable<ComponentInstanceArgs['services']['fetch']> }).fetch;
      return {
        async invoke(values) {
          if (!fetchImpl) throw new Error('No fetch available for the HTTP enricher');
          const headers: Record<string, string> = {};
          const given = values['Headers'];
          if (given instanceof Map) for (const [key, value] of given) headers[String(key)] = String(value);
          const body = values['Body'];
          let bodyText: string | undefined;
          if (body !== null && body !== undefined) {
            bodyText = typeof body === 'string' ? body : JSON.stringify(toPlainJson(body));
            if (typeof body !== 'string') headers['content-type'] ??= 'application/json';
          }
          const response = await fetchImpl(String(values['URL']), {
            method: String(values['Method'] ?? 'GET'),
            headers,
            ...(bodyText === undefined ? {} : { body: bodyText }),
          });
          const text = await response.text();
          const responseHeaders = headersRecord(response.headers);
          let decoded: unknown = text;
          try {
            decoded = text === '' ? null : fromPlainJson(JSON.parse(text));
          } catch {
            decoded = text;
          }
          return new Map<string, unknown>([
            ['statusCode', response.status],
            ['headers', responseHeaders],
            ['body', decoded],
          ]);
        },
      };
    },
  },
};

/** Implementations of the default model's components (@scenaria/components' `defaultModel`). */
export function defaultComponentRuntimes(): ComponentRuntimeRegistry {
  return createComponentRuntimeRegistry({ ...runtimes, ...batchRuntimes });
}

/** The value of `#AGG` in aggregator parameters: its methods come from the class registry, not from the value. */
export const aggregateHelperValue: object = Object.freeze({ kind: 'AggregateHelper' });


