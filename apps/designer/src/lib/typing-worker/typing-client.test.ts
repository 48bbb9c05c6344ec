import { afterEach, describe, expect, it } from 'vitest';
import type { TypingResultJson } from '@scenaria/typing';
import type { NodeData } from '@scenaria/graph';
import { ScenarioEditing } from '$lib/editor/editing-store.svelte';
import type { ExpressionContext } from '$lib/expression/expression-service';
import { createTypingClient, type TypingClient } from './typing-client';
import type { MessageEndpoint, TypingRequest } from './protocol';
import { serveTyping } from './typing-host';

// The page's client and the worker's host, joined by a real MessageChannel: the same code and the same
// structured cloning as between the designer and its worker, without a browser.
const integer: TypingResultJson = { type: 'TypedClass', refClazzName: 'java.lang.Integer', params: [], display: 'Integer' };
const string: TypingResultJson = { type: 'TypedClass', refClazzName: 'java.lang.String', params: [], display: 'String' };
const input: TypingResultJson = {
  type: 'TypedObjectTypingResult',
  refClazzName: 'java.util.HashMap',
  params: [string, { type: 'Unknown', refClazzName: 'java.lang.Object', params: [], display: 'Unknown' }],
  fields: { amount: integer, name: string },
  display: 'Record{amount: Integer, name: String}',
};
const context: ExpressionContext = { language: 'spel', variables: { input }, variablesKnown: true };

let channels: MessageChannel[] = [];
let clients: TypingClient[] = [];

function connected(): TypingClient {
  const channel = new MessageChannel();
  channels.push(channel);
  serveTyping(channel.port2);
  const client = createTypingClient({ typing: channel.port1 });
  clients.push(client);
  return client;
}

afterEach(() => {
  for (const client of clients) client.close();
  for (const channel of channels) {
    channel.port1.close();
    channel.port2.close();
  }
  channels = [];
  clients = [];
});

describe('the typing worker protocol', () => {
  it('answers the latest question of a field and drops the answers a newer key made stale', async () => {
    const checker = connected().checker();
    const first = checker.check('1', context);
    const second = checker.check('11', context);
    const third = checker.check('#input.name', context);
    expect(await first).toBeUndefined();
    expect(await second).toBeUndefined();
    expect(await third).toEqual({ type: 'String', problems: [] });
    // Once answered, the same checker answers again: staleness is only about questions still in flight.
    expect((await checker.check('1 + 1', context))?.type).toBe('Integer(2)');
  });

  it('keeps each field to its own counter: a key in one field never drops another field’s answer', async () => {
    const client = connected();
    const [left, right] = [client.checker(), client.checker()];
    const answers = await Promise.all([left.check('#input.amount', context), right.check("'a'", context)]);
    expect(answers.map((answer) => answer?.type)).toEqual(['Integer', 'String(a)']);
  });

  it('sends a field’s context once: later keys carry their text, a changed context is sent again and used', async () => {
    const channel = new MessageChannel();
    channels.push(channel);
    serveTyping(channel.port2);
    const sent: TypingRequest[] = [];
    const recording: MessageEndpoint = {
      postMessage(message) {
        sent.push(message as TypingRequest);
        channel.port1.postMessage(message);
      },
      addEventListener: (type, listener) => channel.port1.addEventListener(type, listener),
      start: () => channel.port1.start(),
    };
    const client = createTypingClient({ typing: recording });
    clients.push(client);
    const checker = client.checker();

    expect((await checker.check('#input.amount', context))?.type).toBe('Integer');
    // An equal context rebuilt by a re-rendered form is not sent again.
    expect((await checker.check('#input.amount + 1', { ...context, variables: { ...context.variables } }))?.type).toBe('Integer');
    const amountAsText: ExpressionContext = { ...context, variables: { input: { ...input, fields: { amount: string }, display: 'Record{amount: String}' } } };
    expect((await checker.check('#input.amount', amountAsText))?.type).toBe('String');
    expect(sent.map((request) => request.kind === 'check' && request.context !== undefined)).toEqual([true, false, true]);

    // A released field's context is forgotten; asked again, the checker sends it first.
    checker.release();
    expect((await checker.check('#input.amount', context))?.type).toBe('Integer');
    expect(sent.slice(3).map((request) => [request.kind, 'context' in request && request.context !== undefined])).toEqual([
      ['release', false],
      ['check', true],
    ]);
  });

  it('refuses a key of a field whose context it does not hold, instead of typing against none', async () => {
    const channel = new MessageChannel();
    channels.push(channel);
    serveTyping(channel.port2);
    const answered = new Promise<unknown>((resolve) => channel.port1.addEventListener('message', (event) => resolve(event.data), { once: true }));
    channel.port1.start();
    channel.port1.postMessage({ kind: 'check', id: 7, channel: 3, text: '1' } satisfies TypingRequest);
    expect(await answered).toMatchObject({ kind: 'failed', id: 7, message: expect.stringContaining('context') as string });
  });

  it('reports problems with their place in the text', async () => {
    const check = await connected().checker().check('#input.nosuch > 1', context);
    expect(check?.type).toBeUndefined();
    expect(check?.problems[0]).toMatchObject({ from: expect.any(Number) as number, to: expect.any(Number) as number });
  });

  it('types an edited node: the draft in the editing store is what the worker types, before the canvas takes it', async () => {
    const checker = connected().checker();
    const nodes: NodeData[] = [
      { type: 'Source', id: 'src', ref: { typ: 'kafka', parameters: [] }, additionalFields: { description: null, layoutData: { x: 0, y: 0 } } },
      { type: 'Filter', id: 'big', expression: { language: 'spel', expression: '#input.amount > 1' }, additionalFields: { description: null, layoutData: { x: 0, y: 100 } } },
    ];
    const editing = new ScenarioEditing({ fragmentOutputs: () => [] });
    editing.open({ properties: { additionalFields: { metaDataType: 'StreamMetaData' } }, nodes, edges: [{ from: 'src', to: 'big', edgeType: null }] }, []);
    editing.openNodeId = 'big';
    const canvasBefore = editing.nodes;

    editing.updateNode('big', { ...nodes[1], expression: { language: 'spel', expression: '#input.amount * 2' } } as NodeData, { coalesce: true });
    const edited = editing.openNode;
    expect(edited?.type === 'Filter' && edited.expression.expression).toBe('#input.amount * 2');
    // the canvas is untouched while typing: xyflow does not walk every node for a key
    expect(editing.nodes).toBe(canvasBefore);
    const text = edited?.type === 'Filter' ? edited.expression.expression : '';
    expect(await checker.check(text, context)).toEqual({ type: 'Integer', problems: [] });

    // the graph as validation and saving read it has the edit, and the canvas has taken it
    expect(editing.currentGraph().nodes[1]).toMatchObject({ expression: { expression: '#input.amount * 2' } });
    expect(editing.nodes[1]?.data.node).toMatchObject({ expression: { expression: '#input.amount * 2' } });
    expect(editing.nodes[0]).toBe(canvasBefore[0]);
  });

  it('answers keys from the typing worker while the background worker is busy', async () => {
    const [keys, background] = [new MessageChannel(), new MessageChannel()];
    channels.push(keys, background);
    serveTyping(keys.port2);
    // A background worker that never answers: a validation of a huge graph still being read.
    background.port2.start();
    const client = createTypingClient({ typing: keys.port1, background: background.port1 });
    clients.push(client);
    const layout = client.layout(['a'], []);
    expect(await client.checker().check('#input.amount', context)).toEqual({ type: 'Integer', problems: [] });
    client.close();
    await expect(layout).rejects.toThrow('closed');
  });

  it('lays out a graph saved without positions in the worker', async () => {
    const positions = await connected().layout(['a', 'b', 'c'], [
      { from: 'a', to: 'b' },
      { from: 'b', to: 'c' },
    ]);
    expect([...positions.keys()]).toEqual(['a', 'b', 'c']);
    expect(positions.get('a')!.y).toBeLessThan(positions.get('b')!.y);
    expect(positions.get('b')!.y).toBeLessThan(positions.get('c')!.y);
  });
});
