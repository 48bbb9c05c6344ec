import { classType, commonSupertype, type TypingResult, unknownType } from '@scenaria/typing';
import { type ComponentDefinition, defineComponent } from '../component';
import { editors } from '../editors';
import { jsonSchemaTextToType } from '../json-schema';
import { param, type ParameterDefinition } from '../parameter';
import { parseTabularData } from '../tabular-data';
import { elementTypeOf, knownString, T } from '../internal/type-helpers';
import { literalString, rawText } from '../internal/node-parameters';
import { validators } from '../validators';
import { batchComponents, type BatchModelOptions } from '../batch/components';
import { aggregateParameters } from './aggregate-parameters';
import { aggregateOutputType, SESSION_TRIGGER_CLASS, TUMBLING_TRIGGER_CLASS } from './aggregates';

/** Settings of the default model. */
export interface DefaultModelOptions extends BatchModelOptions {
  /** Kafka topics and the type of their records' values; unlisted topics have Unknown values. */
  readonly topics?: Readonly<Record<string, TypingResult>>;
}

const STREAMING = ['Unbounded-Stream'] as const;
const REQUEST_RESPONSE = ['Request-Response'] as const;

function topicType(options: DefaultModelOptions, topic: string | undefined): TypingResult {
  return (topic === undefined ? undefined : options.topics?.[topic]) ?? unknownType;
}

function topicParameters(options: DefaultModelOptions): ParameterDefinition[] {
  const known = Object.keys(options.topics ?? {});
  return [
    param('Topic', T.string(), {
      scope: 'globals',
      validators: [validators.notBlank(), validators.compileTimeEvaluable()],
      editor:
        known.length > 0
          ? editors.dual({ type: 'FixedValuesParameterEditor', possibleValues: known.map((t) => ({ expression: `'${t}'`, label: t })) }, 'SIMPLE')
          : editors.dual({ type: 'StringParameterEditor' }, 'RAW'),
    }),
    param('Schema version', T.string(), {
      scope: 'globals',
      defaultValue: "'latest'",
      editor: editors.dual({ type: 'FixedValuesParameterEditor', possibleValues: [{ expression: "'latest'", label: 'latest' }] }, 'SIMPLE'),
    }),
  ];
}

function eventGenerator(): ComponentDefinition {
  return defineComponent({
    type: 'source',
    name: 'event-generator',
    allowedProcessingModes: STREAMING,
    parameters: [
      param('schedule', T.duration(), { scope: 'globals', hintText: 'Time between two batches of events' }),
      param('count', T.integer(), { scope: 'globals', isOptional: true, defaultValue: '1', validators: [validators.min(1)] }),
      param('value', T.unknown(), { scope: 'globals', evaluation: 'lazy', hintText: 'Expression evaluated for every generated event' }),
    ],
    output: {
      context: 'keep',
      type: ({ parameters }) => ({ ok: true, type: parameters.value?.type ?? unknownType }),
    },
    docs: {
      summary: 'Generates events on a schedule; #input has the type of the value expression.',
      semantics:
        'Every `schedule` (a Duration, first tick one period after start) emits `count` (default 1) records; each record is a fresh evaluation of the lazy `value` expression with only global variables visible, bound as `#input`. Runs until cancelled.',
    },
  });
}

function kafkaSource(options: DefaultModelOptions): ComponentDefinition {
  return defineComponent({
    type: 'source',
    name: 'kafka',
    allowedProcessingModes: STREAMING,
    parameters: topicParameters(options),
    output: {
      context: 'keep',
      type: ({ parameters }) => ({ ok: true, type: topicType(options, knownString(parameters.Topic?.type)) }),
    },
    docs: {
      summary: 'Reads records from a topic; #input has the topic’s declared value type (Unknown when not declared).',
      semantics:
        'Subscribes to `Topic` from the position kept for the deployment (earliest on first start) and emits each record value (JSON decoded) as `#input`, in partition order. `Schema version` selects the value schema; only `latest` is offered.',
    },
  });
}

function kafkaSink(options: DefaultModelOptions): ComponentDefinition {
  return defineComponent({
    type: 'sink',
    name: 'kafka',
    allowedProcessingModes: STREAMING,
    parameters: (context) => {
      const topic = literalString(rawText(context, 'Topic'));
      const valueType = topicType(options, topic);
      // Without the switch (older scenarios) the mode follows the parameters the node has.
      const rawSwitch = rawText(context, 'Raw editor');
      const sinkSettings = new Set(['Topic', 'Schema version', 'Key', 'Raw editor', 'Value validation mode', 'Value']);
      const hasFieldParameters = [...context.nodeParameters.keys()].some((name) => !sinkSettings.has(name));
      const isRaw = rawSwitch === undefined ? context.nodeParameters.has('Value') || !hasFieldParameters : rawSwitch !== 'false';
      const common = [
        ...topicParameters(options),
        param('Key', T.string(), { isOptional: true, evaluation: 'lazy', hintText: 'Record key; empty for none' }),
        param('Raw editor', T.boolean(), { defaultValue: 'true', editor: editors.boolean() }),
      ];
      if (isRaw) {
        return [
          ...common,
          param('Value validation mode', T.string(), {
            defaultValue: "'strict'",
            editor: editors.fixedValues([
              { expression: "'strict'", label: 'strict' },
              { expression: "'lax'", label: 'lax' },
            ]),
          }),
          param('Value', valueType, { evaluation: 'lazy' }),
        ];
      }
      if (valueType.kind === 'record') {
        return [...common, ...[...valueType.fields].map(([name, type]) => param(name, type, { evaluation: 'lazy' }))];
      }
      // No declared record type: the node's own field parameters are taken as they are, typed Unknown.
      const commonNames = new Set(common.map((p) => p.name));
      const fields = [...context.nodeParameters.keys()].filter((name) => !commonNames.has(name));
      return [...common, ...fields.map((name) => param(name, unknownType, { evaluation: 'lazy', isOptional: true }))];
    },
    docs: {
      summary: 'Writes a record to a topic.',
      semantics:
        'Evaluates the value (`Value` in raw mode, otherwise a record built from one parameter per field of the topic’s declared record type, or of the node’s own field parameters when the topic has no declared type) and `Key` per record, and appends the JSON-encoded value to `Topic`. `strict` validation requires the value type to match the topic type exactly, `lax` accepts missing optional fields.',
    },
  });
}

function requestSource(): ComponentDefinition {
  return defineComponent({
    type: 'source',
    name: 'request',
    allowedProcessingModes: REQUEST_RESPONSE,
    parameters: [],
    output: {
      context: 'keep',
      type: ({ scenarioProperties }) => {
        const result = jsonSchemaTextToType(scenarioProperties.inputSchema);
        return result.ok ? result : { ok: false, errors: [{ code: 'InvalidJsonSchema', message: result.message, paramName: 'inputSchema' }] };
      },
    },
    docs: {
      summary: 'The HTTP request of a request-response scenario; #input is typed by the `inputSchema` property.',
      semantics:
        'Each POST to the scenario’s endpoint (`slug`, or the scenario name) is decoded as JSON and bound as `#input`; the type comes from the JSON schema in the `inputSchema` scenario property (Unknown when empty). A GET passes its query parameters as a record of strings.',
    },
  });
}

function responseSink(): ComponentDefinition {
  return defineComponent({
    type: 'sink',
    name: 'response',
    allowedProcessingModes: REQUEST_RESPONSE,
    parameters: (context) => {
      const schema = jsonSchemaTextToType(context.scenarioProperties.outputSchema);
      const outputType = schema.ok ? schema.type : unknownType;
      const raw = param('Raw editor', T.boolean(), { isOptional: true, defaultValue: 'false', editor: editors.boolean() });
      const isRaw = rawText(context, 'Raw editor') === 'true' || outputType.kind !== 'record';
      if (isRaw) return [raw, param('Value', outputType, { evaluation: 'lazy' })];
      return [raw, ...[...outputType.fields].map(([name, type]) => param(name, type, { evaluation: 'lazy', isOptional: true }))];
    },
    docs: {
      summary: 'The HTTP response of a request-response scenario, typed by the `outputSchema` property.',
      semantics:
        'Evaluates the response (`Value` in raw mode, otherwise a record of one parameter per property of the `outputSchema` JSON schema; empty optional fields are left out) and returns it as the JSON body with status 200. The first response reached ends the request; when no response is reached the body is an empty list.',
    },
  });
}

function deadEnd(): ComponentDefinition {
  return defineComponent({
    type: 'sink',
    name: 'dead-end',
    parameters: [],
    componentGroup: 'optionalEndings',
    docs: { summary: 'Ends a branch without writing anything.', semantics: 'Discards the record; counts it as reaching the node.' },
  });
}

function loggingSink(): ComponentDefinition {
  return defineComponent({
    type: 'sink',
    name: 'logging',
    parameters: [param('Value', T.unknown(), { isOptional: true, evaluation: 'lazy', defaultValue: '#input' })],
    docs: {
      summary: 'Writes a record to the scenario log.',
      semantics: 'Evaluates `Value` (when empty: the whole context, variable name -> value) and writes it as one JSON line at INFO level to the deployment’s log, with the node id.',
    },
  });
}

function forEach(): ComponentDefinition {
  return defineComponent({
    type: 'custom',
    name: 'for-each',
    parameters: [param('Elements', T.list(T.unknown()), { evaluation: 'lazy' })],
    output: { context: 'keep', type: ({ parameters }) => ({ ok: true, type: elementTypeOf(parameters.Elements?.type ?? unknownType) }) },
    docs: {
      summary: 'Continues once per element of a list, with the element as the output variable.',
      semantics: 'Evaluates `Elements`; for each element, in order, passes on a copy of the context with the output variable bound to it. An empty list or null passes nothing on.',
    },
  });
}

function union(): ComponentDefinition {
  return defineComponent({
    type: 'custom',
    name: 'union',
    inputs: 'branches',
    parameters: [param('Output expression', T.unknown(), { evaluation: 'lazy', isBranchParameter: true })],
    output: {
      context: 'clear',
      type: ({ branchParameters }) => {
        const types = Object.values(branchParameters).map((p) => p['Output expression']?.type ?? unknownType);
        const [first, ...rest] = types;
        return { ok: true, type: first === undefined ? unknownType : rest.reduce<TypingResult>((a, b) => commonSupertype(a, b), first) };
      },
    },
    docs: {
      summary: 'Merges several branches into one; each branch gives the output value.',
      semantics:
        'A record arriving on a branch evaluates that branch’s `Output expression` in the branch’s context and continues with a new context holding only the output variable (typed as the common supertype of all branches). Records are passed on in arrival order; nothing is buffered.',
    },
  });
}

function decisionTable(): ComponentDefinition {
  return defineComponent({
    type: 'service',
    name: 'decision-table',
    parameters: (context) => {
      const table = parseTabularData(rawText(context, 'Decision Table') ?? '');
      const rowType = table.ok ? table.rowType : unknownType;
      return [
        param('Decision Table', T.unknown(), {
          languages: ['tabularDataDefinition'],
          editor: editors.table(),
          defaultValue: { language: 'tabularDataDefinition', expression: '{"columns":[],"rows":[]}' },
        }),
        param('Match condition', T.boolean(), { evaluation: 'lazy', additionalVariables: { ROW: rowType }, editor: editors.raw() }),
      ];
    },
    output: {
      context: 'keep',
      type: ({ parameters }) => {
        const table = parseTabularData(parameters['Decision Table']?.expression.expression ?? '');
        return { ok: true, type: T.list(table.ok ? table.rowType : unknownType) };
      },
    },
    docs: {
      summary: 'Returns the rows of a table that match a condition.',
      semantics:
        'For each row of `Decision Table` (cells converted to the column types; empty cells are null) evaluates `Match condition` with `#ROW` bound to the row as a record, and returns the list of matching rows in table order.',
    },
  });
}

const emitWhenValues = ['OnEvent', 'OnEnd', 'OnEndWithExtraWindow'] as const;

const windowLength = () => param('windowLength', T.duration(), { scope: 'globals' });

function aggregateSliding(): ComponentDefinition {
  return defineComponent({
    type: 'custom',
    name: 'aggregate-sliding',
    allowedProcessingModes: STREAMING,
    parameters: [...aggregateParameters(), windowLength(), param('emitWhenEventLeft', T.boolean(), { defaultValue: 'false', scope: 'globals' })],
    output: { context: 'keep', type: aggregateOutputType },
    docs: {
      summary: 'Aggregates values per key over a sliding time window.',
      semantics:
        'Per `groupBy` key keeps the `aggregateBy` values of the last `windowLength` (by event time). On every record emits the record’s context plus the output variable holding the aggregate of the window ending at that record. With `emitWhenEventLeft` also emits (with the context of the last record) when a value leaves the window.',
    },
  });
}

function aggregateTumbling(): ComponentDefinition {
  return defineComponent({
    type: 'custom',
    name: 'aggregate-tumbling',
    allowedProcessingModes: STREAMING,
    parameters: [
      ...aggregateParameters(),
      windowLength(),
      param('emitWhen', classType(TUMBLING_TRIGGER_CLASS), {
        scope: 'globals',
        defaultValue: `T(${TUMBLING_TRIGGER_CLASS}).OnEvent`,
        editor: editors.fixedValues(emitWhenValues.map((v) => ({ expression: `T(${TUMBLING_TRIGGER_CLASS}).${v}`, label: v }))),
      }),
    ],
    output: { context: 'clear', type: aggregateOutputType },
    docs: {
      summary: 'Aggregates values per key over fixed, non-overlapping time windows.',
      semantics:
        'Windows of `windowLength` aligned to the epoch. `OnEvent`: every record emits the aggregate of its window so far; `OnEnd`: one record per key when the window closes; `OnEndWithExtraWindow`: also an empty-window record after a key goes quiet. The emitted context holds only the output variable (the incoming context is cleared).',
    },
  });
}

const sessionTriggers = ['OnEvent', 'OnEnd'] as const;

function aggregateSession(): ComponentDefinition {
  return defineComponent({
    type: 'custom',
    name: 'aggregate-session',
    allowedProcessingModes: STREAMING,
    parameters: [
      ...aggregateParameters(),
      param('endSessionCondition', T.boolean(), { evaluation: 'lazy', defaultValue: 'false' }),
      param('sessionTimeout', T.duration(), { scope: 'globals' }),
      param('emitWhen', classType(SESSION_TRIGGER_CLASS), {
        scope: 'globals',
        defaultValue: `T(${SESSION_TRIGGER_CLASS}).OnEvent`,
        editor: editors.fixedValues(sessionTriggers.map((v) => ({ expression: `T(${SESSION_TRIGGER_CLASS}).${v}`, label: v }))),
      }),
    ],
    output: { context: 'clear', type: aggregateOutputType },
    docs: {
      summary: 'Aggregates values per key over sessions of activity.',
      semantics:
        'A session per `groupBy` key starts with its first record and ends when `endSessionCondition` is true for a record (that record included) or no record came for `sessionTimeout`. `OnEvent`: every record emits the aggregate of its session so far; `OnEnd`: one record per session when it ends. The emitted context holds only the output variable.',
    },
  });
}

function delay(): ComponentDefinition {
  return defineComponent({
    type: 'custom',
    name: 'delay',
    allowedProcessingModes: STREAMING,
    canBeEnding: false,
    parameters: [param('key', T.string(), { evaluation: 'lazy' }), param('delay', T.duration(), { scope: 'globals' })],
    docs: {
      summary: 'Holds each record back for a time.',
      semantics: 'Passes each record on unchanged `delay` after it arrived, keeping order per `key`.',
    },
  });
}

function httpEnricher(): ComponentDefinition {
  return defineComponent({
    type: 'service',
    name: 'http',
    parameters: [
      param('URL', T.string(), { validators: [validators.notBlank()] }),
      param('Method', T.string(), {
        defaultValue: "'GET'",
        editor: editors.fixedValues(['GET', 'POST', 'PUT', 'DELETE'].map((m) => ({ expression: `'${m}'`, label: m }))),
      }),
      param('Headers', T.map(T.string(), T.string()), { isOptional: true }),
      param('Body', T.unknown(), { isOptional: true }),
      param('Response schema', T.string(), {
        isOptional: true,
        scope: 'globals',
        editor: editors.json(),
        validators: [validators.compileTimeEvaluable()],
        hintText: 'JSON schema of the response body; it types the output variable',
      }),
    ],
    output: {
      context: 'keep',
      type: ({ parameters }) => {
        const schemaText = knownString(parameters['Response schema']?.type);
        const body = jsonSchemaTextToType(schemaText);
        if (!body.ok) return { ok: false, errors: [{ code: 'InvalidJsonSchema', message: body.message, paramName: 'Response schema' }] };
        return {
          ok: true,
          type: T.record({ statusCode: T.integer(), headers: T.map(T.string(), T.string()), body: body.type }),
        };
      },
    },
    docs: {
      summary: 'Calls an HTTP endpoint; the output is {statusCode, headers, body} with body typed by a JSON schema.',
      semantics:
        'Sends `Method` to `URL` with `Headers` and `Body` (JSON-encoded when not a String), waits for the response and binds the output variable to a record of `statusCode`, `headers` and `body` (JSON-decoded when the response is JSON, else the text). A network failure or timeout is an error of the node for that record.',
    },
  });
}

/** All components of the default model (built-ins excluded), filtered to the scenario type by their modes. */
export function defaultComponents(options: DefaultModelOptions = {}): ComponentDefinition[] {
  return [
    eventGenerator(),
    kafkaSource(options),
    kafkaSink(options),
    requestSource(),
    responseSink(),
    deadEnd(),
    loggingSink(),
    forEach(),
    union(),
    decisionTable(),
    aggregateSliding(),
    aggregateTumbling(),
    aggregateSession(),
    delay(),
    httpEnricher(),
    ...batchComponents(options),
  ];
}
