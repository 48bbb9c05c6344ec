import { describe, expect, it } from 'vitest';
import type { CanonicalProcess } from '@scenaria/graph';
import { createComponentRuntimeRegistry } from '@scenaria/engine';
import type { RuntimeContext } from '@scenaria/engine';
import { NodeCounters } from './node-counters';

const spel = (expression: string) => ({ language: 'spel', expression });

// source -> split -> (left: variable -> branch end) and (right: filter with false path sink -> branch end) -> union -> sink
const scenario: CanonicalProcess = {
  metaData: { id: 's', additionalFields: { metaDataType: 'StreamMetaData', properties: {} } },
  nodes: [
    { type: 'Source', id: 'source', ref: { typ: 'kafka', parameters: [] } },
    {
      type: 'Split',
      id: 'split',
      nexts: [
        [{ type: 'Variable', id: 'left', varName: 'side', value: spel("'left'") }, { type: 'BranchEndData', definition: { id: 'left', joinId: 'union' } }],
        [
          { type: 'Filter', id: 'right', expression: spel('true'), nextFalse: [{ type: 'Sink', id: 'dropped', ref: { typ: 'dead-end', parameters: [] } }] },
          { type: 'BranchEndData', definition: { id: 'right', joinId: 'union' } },
        ],
      ],
    },
  ],
  additionalBranches: [
    [
      { type: 'Join', id: 'union', nodeType: 'union', outputVar: 'merged', parameters: [], branchParameters: [] },
      { type: 'Sink', id: 'sink', ref: { typ: 'dead-end', parameters: [] } },
    ],
  ],
};

const context = { id: 'c', variables: {}, eventTime: 0, scope: { outputs: [], errors: [] } } as RuntimeContext;

describe('NodeCounters', () => {
  it('derives what each node passed on from its next nodes and the join branches', async () => {
    const counters = new NodeCounters(scenario);
    const join = counters.countingJoins(createComponentRuntimeRegistry({ 'custom-union': { kind: 'join', create: () => ({ process: () => undefined }) } })).get('custom-union');
    if (join?.kind !== 'join') throw new Error('no join runtime');
    const instance = join.create({ nodeId: 'union' } as Parameters<typeof join.create>[0]);
    const { listener } = counters;
    // Two records: both go through split; left always reaches the union, right only for the first record.
    for (const passesRight of [true, false]) {
      for (const node of ['source', 'split', 'left', 'right']) listener.nodeEntered(node, context);
      await instance.process('left', context, () => undefined);
      listener.nodeEntered('union', context);
      if (passesRight) {
        await instance.process('right', context, () => undefined);
        listener.nodeEntered('union', context);
      } else listener.nodeEntered('dropped', context);
    }
    listener.nodeEntered('sink', context);
    listener.serviceInvoked('sink', 'dead-end', context, 'written');
    listener.exceptionThrown('union', context, new Error('boom'));
    expect(Object.fromEntries(counters.takeDeltas())).toEqual({
      source: { recordsIn: 2, recordsOut: 2, errors: 0 },
      split: { recordsIn: 2, recordsOut: 4, errors: 0 },
      left: { recordsIn: 2, recordsOut: 2, errors: 0 },
      right: { recordsIn: 2, recordsOut: 2, errors: 0 },
      dropped: { recordsIn: 1, recordsOut: 0, errors: 0 },
      union: { recordsIn: 3, recordsOut: 1, errors: 1 },
      sink: { recordsIn: 1, recordsOut: 1, errors: 0 },
    });
    expect(counters.takeDeltas().size).toBe(0);
  });
});
