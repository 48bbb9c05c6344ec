import { describe, expect, it } from 'vitest';
import { kafkaSink, kafkaSource, modelOptions, scenario, spel } from '../test/support';
import { compileScenario } from './index';

describe('compileScenario', () => {
  it('runs a record through filter, variable, record-variable and choice with real expressions', async () => {
    const canonical = scenario('s1', [
      kafkaSource(),
      { type: 'Filter', id: 'only positive', expression: spel('#input.amount > 0'), nextFalse: [kafkaSink('rejected')] },
      { type: 'Variable', id: 'fee', varName: 'fee', value: spel('#input.amount * 2') },
      { type: 'VariableBuilder', id: 'summary', varName: 'summary', fields: [{ name: 'total', expression: spel('#input.amount + #fee') }] },
      {
        type: 'Switch',
        id: 'route',
        nexts: [
          { expression: spel('#summary.total > 100'), nodes: [kafkaSink('big', '#summary')] },
          { expression: spel('true'), nodes: [kafkaSink('small', '#fee')] },
        ],
        defaultNext: [],
      },
    ]);
    const compiled = compileScenario(canonical, modelOptions());
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
    const big = await compiled.value.processRecord('source', { amount: 50 });
    expect(big.errors).toEqual([]);
    expect(big.outputs.map((o) => o.nodeId)).toEqual(['big']);
    expect(big.outputs[0]?.value).toEqual(new Map([['total', 150]]));
    const small = await compiled.value.processRecord('source', { amount: 5 });
    expect(small.outputs.map((o) => [o.nodeId, o.value])).toEqual([['small', 10]]);
    const rejected = await compiled.value.processRecord('source', { amount: -1 });
    expect(rejected.outputs.map((o) => o.nodeId)).toEqual(['rejected']);
  });

  it('keeps variables named __proto__, constructor and toString and reads them in later expressions', async () => {
    const canonical = scenario('s2', [
      kafkaSource(),
      { type: 'Variable', id: 'proto', varName: '__proto__', value: spel('#input.amount + 1') },
      { type: 'Variable', id: 'ctor', varName: 'constructor', value: spel('#__proto__ * 2') },
      { type: 'VariableBuilder', id: 'text', varName: 'toString', fields: [{ name: 'sum', expression: spel('#__proto__ + #constructor') }] },
      kafkaSink('out', '{#__proto__, #constructor, #toString.sum}'),
    ]);
    const compiled = compileScenario(canonical, modelOptions());
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
    const result = await compiled.value.processRecord('source', { amount: 4 });
    expect(result.errors).toEqual([]);
    expect(result.outputs.map((o) => o.value)).toEqual([[5, 10, 15]]);
  });
});
