import { defaultModel } from '@scenaria/components';
import { describe, expect, it } from 'vitest';
import { param, scenario } from '../test/support';
import { compileScenario, defaultEngineOptions } from './index';

// A response that walks a list the request sends: its steps grow with the list.
const graph = scenario(
  'fees',
  [
    { type: 'Source', id: 'request', ref: { typ: 'request', parameters: [] } },
    { type: 'Sink', id: 'response', ref: { typ: 'response', parameters: [param('Raw editor', 'true'), param('Value', '#input.items.![#this * 2]')] } },
  ],
  [],
  'RequestResponseMetaData',
  { inputSchema: JSON.stringify({ type: 'object', properties: { items: { type: 'array', items: { type: 'integer' } } } }), outputSchema: '{}' },
);

async function respond(limits: Parameters<typeof defaultEngineOptions>[1], items: number[]) {
  const compiled = compileScenario(graph, defaultEngineOptions(defaultModel('request-response'), limits));
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
  return compiled.value.processRecord('request', { items });
}

describe('defaultEngineOptions', () => {
  it('evaluates every expression within the given limits', async () => {
    const small = await respond({ evaluationLimits: { maxSteps: 50 } }, Array.from({ length: 10 }, (_, i) => i));
    expect(small.errors).toEqual([]);
    // The schema's integers are Longs.
    expect(small.outputs.map((o) => (o.value as bigint[]).map(Number))).toEqual([[0, 2, 4, 6, 8, 10, 12, 14, 16, 18]]);

    const large = await respond({ evaluationLimits: { maxSteps: 50 } }, Array.from({ length: 1_000 }, (_, i) => i));
    expect(large.outputs).toEqual([]);
    expect(large.errors.map((e) => [e.nodeId, e.code])).toEqual([['response', 'BudgetExceeded']]);
  });

  it("keeps spel's default budget when no limits are given", async () => {
    const scope = await respond({}, Array.from({ length: 1_000 }, (_, i) => i));
    expect(scope.errors).toEqual([]);
  });
});
