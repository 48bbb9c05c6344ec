import type { CanonicalNode } from '@scenaria/graph';
import { describe, expect, it } from 'vitest';
import { kafkaSource, modelOptions, param, scenario } from '../../test/support';
import { captureKafkaTopics, compileScenario, createComponentRuntimeRegistry, isTopicWrite, TopicWrite } from '../index';

const keyedSink = (id: string, topic: string, key: string): CanonicalNode => ({
  type: 'Sink',
  id,
  ref: {
    typ: 'kafka',
    parameters: [param('Topic', topic), param('Schema version', "'latest'"), param('Key', key), param('Raw editor', 'true'), param('Value validation mode', "'strict'"), param('Value', '#input.amount')],
  },
});

describe('captureKafkaTopics', () => {
  it('records the topic of each Kafka source and sink while compiling, and sinks answer TopicWrites with their key and event time', async () => {
    const base = modelOptions('streaming');
    const { runtimes, topics } = captureKafkaTopics(base.runtimes);
    const nodes = [kafkaSource(), { type: 'Split' as const, id: 'split', nexts: [[keyedSink('keyed', "'out'", '#input.clientId')], [keyedSink('unkeyed', "'audit'", '')]] }];
    const compiled = compileScenario(scenario('s', nodes as CanonicalNode[]), { ...base, runtimes });
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
    expect(Object.fromEntries(topics.sources)).toEqual({ source: 'in' });
    expect(Object.fromEntries(topics.sinks)).toEqual({ keyed: 'out', unkeyed: 'audit' });

    const scope = await compiled.value.processRecord('source', { amount: 7, clientId: 'c1' }, { eventTime: 1_000 });
    const writes = scope.outputs.map((output) => output.value);
    expect(writes.every(isTopicWrite)).toBe(true);
    expect(writes.map((write) => ({ ...(write as TopicWrite) }))).toEqual([
      { topic: 'out', key: 'c1', value: 7, timestamp: 1_000 },
      { topic: 'audit', key: null, value: 7, timestamp: 1_000 },
    ]);
  });

  it('leaves the outputs of the runtimes it was given as they are (a test run shows the plain values)', async () => {
    const base = modelOptions('streaming');
    captureKafkaTopics(base.runtimes);
    const compiled = compileScenario(scenario('s', [kafkaSource(), keyedSink('keyed', "'out'", '#input.clientId')]), base);
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
    const scope = await compiled.value.processRecord('source', { amount: 7, clientId: 'c1' }, { eventTime: 1_000 });
    expect(scope.outputs.map((output) => output.value)).toEqual([7]);
  });

  it('wraps nothing a registry lacks, and tells a TopicWrite from a value shaped like one', () => {
    const { runtimes } = captureKafkaTopics(createComponentRuntimeRegistry());
    expect(runtimes.get('source-kafka')).toBeUndefined();
    expect(runtimes.get('sink-kafka')).toBeUndefined();
    expect(isTopicWrite(new TopicWrite('t', null, 1, 0))).toBe(true);
    expect(isTopicWrite({ topic: 't', key: null, value: 1, timestamp: 0 })).toBe(false);
    expect(isTopicWrite(null)).toBe(false);
  });
});
