import type { CanonicalNode, CanonicalProcess } from '@scenaria/graph';
import { describe, expect, it } from 'vitest';
import { param, requestResponseScenario, spel } from '../../test/support';
import type { ExecutorWork, ScenarioExecutor } from './executor';
import { createInlineFirstExecutor, isInlineCandidate, MAX_INLINE_EXPRESSIONS } from './inline-requests';
import { defaultEmbeddedModels, prepareLiveScenario } from './live-scenario';
import type { RunOutcome } from './run-outcome';

/** `{items: [integers]}` in, `{doubled: [...]}` out: the steps grow with the list. */
function doubling(extraNodes: CanonicalNode[] = []): CanonicalProcess {
  const scenario = requestResponseScenario('doubling', {
    inputSchema: JSON.stringify({ type: 'object', properties: { items: { type: 'array', items: { type: 'integer' } } } }),
    outputSchema: JSON.stringify({ type: 'object', properties: { doubled: { type: 'array' } } }),
  });
  scenario.nodes = [
    { type: 'Source', id: 'request', ref: { typ: 'request', parameters: [] } },
    ...extraNodes,
    { type: 'Sink', id: 'response', ref: { typ: 'response', parameters: [param('doubled', '#input.items.![#this * 2]')] } },
  ];
  return scenario;
}

const variable = (index: number): CanonicalNode => ({ type: 'Variable', id: `v${index}`, varName: `v${index}`, value: spel(`${index}`) });

describe('isInlineCandidate', () => {
  it('takes small scenarios of requests, filters, switches, variables, splits and answers', () => {
    expect(isInlineCandidate(requestResponseScenario('fees'), undefined)).toBe(true);
    expect(isInlineCandidate(doubling([{ type: 'Filter', id: 'positive', expression: spel('#input.items.size() > 0') }]), undefined)).toBe(true);
  });

  it('leaves scenarios with enrichers, custom nodes or fragments to the worker', () => {
    const enricher: CanonicalNode = { type: 'Enricher', id: 'http', output: 'out', service: { id: 'http', parameters: [param('URL', "'http://127.0.0.1:1/'")] } };
    const forEach: CanonicalNode = { type: 'CustomNode', id: 'each', nodeType: 'for-each', outputVar: 'item', parameters: [param('Elements', '#input.items')] };
    const fragment: CanonicalNode = { type: 'FragmentInput', id: 'shared', ref: { id: 'shared', parameters: [] } } as CanonicalNode;
    for (const node of [enricher, forEach, fragment]) expect(isInlineCandidate(doubling([node]), undefined)).toBe(false);
  });

  it(`leaves scenarios of more than ${MAX_INLINE_EXPRESSIONS} expressions, and replaced runtimes, to the worker`, () => {
    expect(isInlineCandidate(doubling(Array.from({ length: MAX_INLINE_EXPRESSIONS - 1 }, (_, i) => variable(i))), undefined)).toBe(true);
    expect(isInlineCandidate(doubling(Array.from({ length: MAX_INLINE_EXPRESSIONS }, (_, i) => variable(i))), undefined)).toBe(false);
    expect(isInlineCandidate(requestResponseScenario('fees'), { 'sink-response': { kind: 'sink', create: () => ({ write: () => undefined }) } as never })).toBe(false);
  });
});

describe('createInlineFirstExecutor', () => {
  function setup() {
    const prepared = prepareLiveScenario(doubling(), { models: defaultEmbeddedModels(), now: () => 0, evaluationLimits: { maxSteps: 100 } });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.errors));
    const sentToWorker: ExecutorWork[] = [];
    const worker: ScenarioExecutor = {
      async processRequest(sourceId, input, now): Promise<RunOutcome> {
        sentToWorker.push({ kind: 'request', sourceId, input, now });
        return { topicWrites: [], logs: [], response: '"from the worker"', errors: [], counts: [['response', { recordsIn: 1, recordsOut: 1, errors: 0 }]] };
      },
      processRecords: () => Promise.reject(new Error('not a stream')),
      generate: () => Promise.reject(new Error('not a stream')),
      advanceTime: () => Promise.reject(new Error('not a stream')),
      restoreState: () => Promise.reject(new Error('not a stream')),
      close: async () => undefined,
    };
    const logged: string[] = [];
    const state = { outgrown: false };
    const logger = { debug: () => undefined, info: (message: string) => void logged.push(message), warn: () => undefined, error: () => undefined };
    const executor = createInlineFirstExecutor({ inline: prepared.value, isolated: worker, state, scenarioName: 'doubling', logger });
    return { executor, sentToWorker, logged, state };
  }
  const items = (count: number) => ({ items: Array.from({ length: count }, (_, i) => i) });

  it('answers within the budget on this thread, with the counts of the request', async () => {
    const { executor, sentToWorker } = setup();
    const outcome = await executor.processRequest('request', items(3), 0);
    expect(JSON.parse(outcome.response as string)).toEqual({ doubled: [0, 2, 4] });
    expect(Object.fromEntries(outcome.counts)['response']).toEqual({ recordsIn: 1, recordsOut: 1, errors: 0 });
    expect(sentToWorker).toEqual([]);
  });

  it('runs a request over the budget again in the worker, and every later one there', async () => {
    const { executor, sentToWorker, logged, state } = setup();
    const large = await executor.processRequest('request', items(500), 0);
    expect(large.response).toBe('"from the worker"');
    expect(large.errors).toEqual([]);
    expect(sentToWorker).toEqual([{ kind: 'request', sourceId: 'request', input: items(500), now: 0 }]);
    expect(state.outgrown).toBe(true);
    expect(logged).toEqual(['Scenario requests run in its worker from now on']);

    const small = await executor.processRequest('request', items(1), 0);
    expect(small.response).toBe('"from the worker"');
    expect(sentToWorker).toHaveLength(2);
  });
});
