import { AggregatorSpec } from '@scenaria/components';
import type { TypingResult } from '@scenaria/typing';
import { unknownType } from '@scenaria/typing';
import { whenLoaded } from '../components/windows';
import type { ComponentInstanceArgs, ComponentRuntime, SourceInstance } from '../components/component-runtime';
import { derivedContext } from '../runtime/context';
import type { RuntimeContext } from '../runtime/context';
import { decodeContext, encodeContext } from '../state/codecs';
import type { StateCodec } from '../state/keyed-state';
import { accumulate, accumulatorCodec, accumulatorResult, emptyAccumulator } from './accumulator';
import type { Accumulator } from './accumulator';
import { rowDecoder } from './sql-values';

/** What a batch source reads, for the host that feeds it: a table, or a configured query with its bound parameters. */
export type BatchRead =
  | { kind: 'table'; table: string; rowType: TypingResult }
  | { kind: 'query'; query: string; parameters: Readonly<Record<string, unknown>>; rowType: TypingResult };

// After every timestamp a record can have: the groups are emitted when the end of input moves the watermark there.
const END_OF_INPUT = Number.MAX_SAFE_INTEGER;

/** The type of a source's rows, from its definition's output function and the node's typed parameters. */
function outputTypeOf(args: ComponentInstanceArgs): TypingResult {
  const output = args.definition.output?.type;
  if (output === undefined) return unknownType;
  if (typeof output !== 'function') return output;
  const parameters = Object.fromEntries(
    Object.entries(args.parameterTypes).map(([name, type]) => [name, { expression: { language: 'spel', expression: '' }, type }]),
  );
  const result = output({ parameters, branchParameters: {}, scenarioProperties: args.scenarioProperties, variables: {} });
  return result.ok ? result.type : unknownType;
}

function batchSource(read: (args: ComponentInstanceArgs, rowType: TypingResult) => BatchRead): ComponentRuntime {
  return {
    kind: 'source',
    create(args): SourceInstance {
      const rowType = outputTypeOf(args);
      // Rows from the database arrive decoded; test records (file lines, generated or form data) are JSON.
      return { decodeRecord: rowDecoder(rowType), batchRead: read(args, rowType) };
    },
  };
}

interface Group {
  acc: Accumulator;
  last: RuntimeContext;
}

const groupCodec: StateCodec<Group> = {
  encode: (group) => ({ acc: accumulatorCodec.encode(group.acc), last: encodeContext(group.last) }),
  decode: (json) => {
    const stored = json as { acc: Parameters<typeof accumulatorCodec.decode>[0]; last: Parameters<typeof decodeContext>[0] };
    return { acc: accumulatorCodec.decode(stored.acc), last: decodeContext(stored.last) };
  },
};

/**
 * The whole-input aggregate: each record folds its `aggregateBy` value into its `groupBy` key's accumulator in
 * the engine's keyed state; a timer at the end of input per key emits the groups, in key order (the state's
 * timer order), once the input ended.
 */
function wholeInputAggregate(args: ComponentInstanceArgs) {
  const state = args.keyedState(groupCodec);
  const groupBy = args.lazy['groupBy'];
  const aggregateBy = args.lazy['aggregateBy'];
  return {
    process(context: RuntimeContext, values: Readonly<Record<string, unknown>>) {
      const spec = values['aggregator'];
      if (!(spec instanceof AggregatorSpec)) throw new Error('aggregator must be chosen with #AGG');
      const rawKey = groupBy ? groupBy.evaluate(context) : null;
      const key = rawKey === null || rawKey === undefined ? '' : String(rawKey);
      const value = aggregateBy ? aggregateBy.evaluate(context) : null;
      return whenLoaded(state.get(key), (group) => {
        if (!group) {
          group = { acc: emptyAccumulator(spec), last: context };
          state.setTimer(key, END_OF_INPUT);
        }
        accumulate(group.acc, value);
        group.last = context;
        state.put(key, group);
      });
    },
    onTimer(key: string, _time: number, emit: (context: RuntimeContext, value?: unknown) => void | Promise<void>) {
      return whenLoaded(state.get(key), (group) => {
        if (!group) return undefined;
        state.delete(key);
        return emit(derivedContext(group.last, {}), accumulatorResult(group.acc));
      });
    },
  };
}

/** Implementations of the batch components (@scenaria/components' `batchComponents`). */
export const batchRuntimes: Readonly<Record<string, ComponentRuntime>> = {
  'source-table': batchSource((args, rowType) => ({ kind: 'table', table: String(args.constants['Table'] ?? ''), rowType })),
  'source-query': batchSource((args, rowType) => {
    const { Query: query, ...parameters } = args.constants;
    return { kind: 'query', query: String(query ?? ''), parameters, rowType };
  }),
  'sink-table': {
    kind: 'sink',
    create(args) {
      const raw = args.lazy['Value'];
      const columns = Object.entries(args.lazy).filter(([name]) => name !== 'Value');
      return {
        output(_values, context) {
          if (raw) return raw.evaluate(context);
          // Empty columns are left out of the insert, so the database gives them their default (or null).
          const row = new Map<string, unknown>();
          for (const [name, parameter] of columns) {
            const value = parameter.evaluate(context);
            if (value !== null && value !== undefined) row.set(name, value);
          }
          return row;
        },
      };
    },
  },
  'custom-aggregate': { kind: 'custom', create: wholeInputAggregate },
};
