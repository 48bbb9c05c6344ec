import { displayType, listType, recordType, taggedType, classType, Types, unknownType, valueType } from '@scenaria/typing';
import { describe, expect, it } from 'vitest';
import { componentId, defineComponent, resolveParameters } from './component';
import { aggregateOutputType, aggregatorType, AGGREGATOR_CLASS } from './default-model/aggregates';
import { editors, ParameterEditorSchema } from './editors';
import { isRequired, param } from './parameter';
import { ParameterValidatorSchema, validators } from './validators';
import { defaultModel } from './model';
import type { ComponentDefinition, TypedParameterValue } from './component';

const spel = (expression: string) => ({ language: 'spel', expression });
const typed = (type: Parameters<typeof displayType>[0], expression = 'x'): TypedParameterValue => ({ expression: spel(expression), type });

function component(model: ReturnType<typeof defaultModel>, id: string): ComponentDefinition {
  const found = model.components.find((c) => componentId(c) === id);
  if (found === undefined) throw new Error(`no ${id}`);
  return found;
}

describe('component definitions', () => {
  it('fills in defaults by component type', () => {
    const enricher = defineComponent({
      type: 'service',
      name: 'lookup',
      parameters: [],
      output: { type: Types.String, context: 'keep' },
      docs: { summary: 's', semantics: 's' },
    });
    expect(componentId(enricher)).toBe('service-lookup');
    expect(enricher.componentGroup).toBe('enrichers');
    expect(enricher.icon).toBe('/assets/components/Enricher.svg');
    expect(enricher.allowedProcessingModes).toBe('all');
    expect(enricher.canBeEnding).toBe(false);
    const processor = defineComponent({ type: 'service', name: 'notify', parameters: [], docs: { summary: 's', semantics: 's' } });
    expect(processor.componentGroup).toBe('services');
    expect(processor.canBeEnding).toBe(true);
  });

  it('gives required parameters the mandatory validator and typed editors', () => {
    const flag = param('flag', Types.Boolean);
    expect(isRequired(flag)).toBe(true);
    expect(flag.editor).toEqual({ type: 'DualParameterEditor', simpleEditor: { type: 'BoolParameterEditor' }, defaultMode: 'SIMPLE' });
    const optional = param('note', Types.String, { isOptional: true });
    expect(isRequired(optional)).toBe(false);
    expect(param('x', Types.Long).editor).toEqual({ type: 'RawParameterEditor' });
  });

  it('accepts every editor and validator shape through the schemas', () => {
    const all = [
      editors.raw(),
      editors.boolean(),
      editors.string(),
      editors.fixedValues([{ expression: "'a'", label: 'a' }]),
      editors.dictionary('dict'),
      editors.duration(['SECONDS']),
      editors.period(),
      editors.cron(),
      editors.json(),
      editors.sql(),
      editors.table(),
      editors.dual({ type: 'StringParameterEditor' }, 'RAW'),
    ];
    for (const editor of all) expect(ParameterEditorSchema.parse(editor)).toEqual(editor);
    expect(ParameterEditorSchema.safeParse({ type: 'DurationParameterEditor', timeRangeComponents: [] }).success).toBe(false);
    const allValidators = [
      validators.mandatory(),
      validators.notBlank(),
      validators.regExp('a+', 'm', 'd'),
      validators.min(1),
      validators.max(5),
      validators.compileTimeEvaluable(),
      validators.literalInteger(),
      validators.validationExpression('#value > 0', 'positive'),
    ];
    for (const validator of allValidators) expect(ParameterValidatorSchema.parse(validator)).toEqual(validator);
  });
});

describe('default model', () => {
  it('has the streaming components under their original names', () => {
    const ids = defaultModel('streaming').components.map(componentId).sort();
    expect(ids).toEqual(
      [
        'custom-aggregate-sliding',
        'custom-aggregate-tumbling',
        'custom-aggregate-session',
        'custom-delay',
        'custom-for-each',
        'custom-union',
        'service-decision-table',
        'service-http',
        'sink-dead-end',
        'sink-kafka',
        'sink-logging',
        'source-event-generator',
        'source-kafka',
      ].sort(),
    );
  });

  it('has request/response components in the request-response model only', () => {
    const ids = defaultModel('request-response').components.map(componentId);
    expect(ids).toContain('source-request');
    expect(ids).toContain('sink-response');
    expect(ids).not.toContain('source-kafka');
    expect(ids).not.toContain('custom-aggregate-sliding');
  });

  it('types the kafka source by the declared topic type', () => {
    const model = defaultModel('streaming', { topics: { tx: recordType({ amount: Types.Long }) } });
    const source = component(model, 'source-kafka');
    const output = source.output?.type;
    if (typeof output !== 'function') throw new Error('dynamic output expected');
    const declared = output({ parameters: { Topic: typed(valueType(classType('java.lang.String'), 'tx')) }, branchParameters: {}, scenarioProperties: {}, variables: {} });
    expect(declared.ok && displayType(declared.type)).toBe('Record{amount: Long}');
    const other = output({ parameters: { Topic: typed(valueType(classType('java.lang.String'), 'other')) }, branchParameters: {}, scenarioProperties: {}, variables: {} });
    expect(other.ok && other.type).toEqual(unknownType);
  });

  it('switches the kafka sink between raw value and one parameter per field', () => {
    const model = defaultModel('streaming', { topics: { out: recordType({ id: Types.String, total: Types.Long }) } });
    const sink = component(model, 'sink-kafka');
    const names = (raw: string) =>
      resolveParameters(sink, {
        nodeParameters: new Map([
          ['Topic', spel("'out'")],
          ['Raw editor', spel(raw)],
        ]),
        scenarioProperties: {},
      }).map((p) => p.name);
    expect(names('true')).toEqual(['Topic', 'Schema version', 'Key', 'Raw editor', 'Value validation mode', 'Value']);
    expect(names('false')).toEqual(['Topic', 'Schema version', 'Key', 'Raw editor', 'id', 'total']);
  });

  it('infers the kafka sink mode from older nodes without the Raw editor switch', () => {
    const sink = component(defaultModel('streaming'), 'sink-kafka');
    const names = (given: string[]) =>
      resolveParameters(sink, { nodeParameters: new Map(given.map((name) => [name, spel("'x'")])), scenarioProperties: {} }).map((p) => p.name);
    expect(names(['Topic', 'Schema version', 'Key', 'message'])).toEqual(['Topic', 'Schema version', 'Key', 'Raw editor', 'message']);
    expect(names(['Topic', 'Schema version', 'Key', 'Value'])).toContain('Value');
  });

  it('derives response sink fields from the outputSchema property', () => {
    const sink = component(defaultModel('request-response'), 'sink-response');
    const parameters = resolveParameters(sink, {
      nodeParameters: new Map(),
      scenarioProperties: { outputSchema: '{"properties": {"acceptedAmount": {"type": "number"}, "message": {"type": "string"}}}' },
    });
    expect(parameters.map((p) => `${p.name}: ${displayType(p.type)}`)).toEqual(['Raw editor: Boolean', 'acceptedAmount: BigDecimal', 'message: String']);
  });

  it('types the request source from the inputSchema property and reports a broken schema', () => {
    const source = component(defaultModel('request-response'), 'source-request');
    const output = source.output?.type;
    if (typeof output !== 'function') throw new Error('dynamic output expected');
    const ok = output({ parameters: {}, branchParameters: {}, scenarioProperties: { inputSchema: '{"properties": {"id": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}}}' }, variables: {} });
    expect(ok.ok && displayType(ok.type)).toBe('Record{id: Long, tags: List[String]}');
    const broken = output({ parameters: {}, branchParameters: {}, scenarioProperties: { inputSchema: '{"properties": ' }, variables: {} });
    expect(broken.ok).toBe(false);
  });

  it('types for-each output as the element type', () => {
    const forEach = component(defaultModel('streaming'), 'custom-for-each');
    const output = forEach.output?.type;
    if (typeof output !== 'function') throw new Error('dynamic output expected');
    const result = output({ parameters: { Elements: typed(listType(Types.Integer)) }, branchParameters: {}, scenarioProperties: {}, variables: {} });
    expect(result.ok && displayType(result.type)).toBe('Integer');
  });

  it('types union output as the common supertype of the branches', () => {
    const union = component(defaultModel('streaming'), 'custom-union');
    const output = union.output?.type;
    if (typeof output !== 'function') throw new Error('dynamic output expected');
    const result = output({
      parameters: {},
      branchParameters: { a: { 'Output expression': typed(Types.Integer) }, b: { 'Output expression': typed(Types.Integer) } },
      scenarioProperties: {},
      variables: {},
    });
    expect(result.ok && displayType(result.type)).toBe('Integer');
    expect(union.output?.context).toBe('clear');
  });

  it('gives the decision table #ROW typed by its columns', () => {
    const table = component(defaultModel('streaming'), 'service-decision-table');
    const definition = '{"columns":[{"name":"from","type":"java.lang.Double"},{"name":"label","type":"java.lang.String"}],"rows":[["1.5","low"]]}';
    const parameters = resolveParameters(table, {
      nodeParameters: new Map([['Decision Table', { language: 'tabularDataDefinition', expression: definition }]]),
      scenarioProperties: {},
    });
    const row = parameters.find((p) => p.name === 'Match condition')?.additionalVariables.ROW;
    expect(row && displayType(row)).toBe('Record{from: Double, label: String}');
  });
});

describe('aggregate output types', () => {
  const context = (aggregator: Parameters<typeof displayType>[0], input: Parameters<typeof displayType>[0]) => ({
    parameters: { aggregator: typed(aggregator), aggregateBy: typed(input) },
    branchParameters: {},
    scenarioProperties: {},
    variables: {},
  });

  it('computes single aggregators', () => {
    const sum = aggregateOutputType(context(aggregatorType('sum'), Types.Long));
    expect(sum.ok && displayType(sum.type)).toBe('Long');
    const list = aggregateOutputType(context(aggregatorType('list'), Types.String));
    expect(list.ok && displayType(list.type)).toBe('List[String]');
    const count = aggregateOutputType(context(aggregatorType('countWhen'), Types.Boolean));
    expect(count.ok && displayType(count.type)).toBe('Long');
  });

  it('computes map aggregators field by field', () => {
    const aggregator = recordType({ total: aggregatorType('sum'), last: aggregatorType('last') });
    const input = recordType({ total: Types.Integer, last: Types.String });
    const result = aggregateOutputType(context(aggregator, input));
    expect(result.ok && displayType(result.type)).toBe('Record{last: String, total: Integer}');
  });

  it('reports aggregators that do not fit the input', () => {
    const result = aggregateOutputType(context(aggregatorType('sum'), Types.String));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]?.paramName).toBe('aggregateBy');
    const notAggregator = aggregateOutputType(context(taggedType(classType(AGGREGATOR_CLASS), 'median'), Types.Long));
    expect(notAggregator.ok).toBe(false);
  });
});
