import type { ScenarioGraph } from '@scenaria/graph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTypingClient, type TypingClient } from '../src/lib/typing-worker/typing-client';
import { serveTyping } from '../src/lib/typing-worker/typing-host';
import { startServer, type RunningServer } from './harness';

// Validation through the typing worker's protocol against the real API server (in-memory PGlite), the
// worker's host on the other end of a MessageChannel: the request the worker sends, and what the page gets
// back. No browser: the designer's flows (first-use, editor) cover the worker in Chromium.
const spel = (expression: string) => ({ language: 'spel', expression });
const graphWith = (condition: string): ScenarioGraph => ({
  properties: { additionalFields: { description: null, properties: { parallelism: '1' }, metaDataType: 'StreamMetaData', showDescription: false } },
  nodes: [
    { type: 'Source', id: 'in', ref: { typ: 'kafka', parameters: [{ name: 'Topic', expression: spel("'in'") }] } },
    { type: 'Filter', id: 'check', expression: spel(condition) },
    { type: 'Sink', id: 'out', ref: { typ: 'kafka', parameters: [{ name: 'Topic', expression: spel("'out'") }] } },
  ],
  edges: [
    { from: 'in', to: 'check', edgeType: null },
    { from: 'check', to: 'out', edgeType: { type: 'FilterTrue' } },
  ],
});
const admin = { username: 'admin', password: 'admin' };

let baseUrl = '';
let server: RunningServer | undefined;
let client: TypingClient;
let channel: MessageChannel;

beforeAll(async () => {
  server = await startServer();
  baseUrl = server.url;
  const created = await fetch(`${baseUrl}/api/processes`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'checked', isFragment: false, category: 'Default' }),
  });
  expect(created.status).toBe(201);
  channel = new MessageChannel();
  serveTyping(channel.port2);
  client = createTypingClient({ typing: channel.port1 });
}, 60_000);

afterAll(async () => {
  client.close();
  channel.port1.close();
  channel.port2.close();
  await server?.close();
});

describe('validation in the typing worker', () => {
  it('shows only the newest graph’s result: an answer a later edit superseded is dropped', async () => {
    const older = client.validate({ baseUrl, credentials: admin, scenarioName: 'checked', graph: graphWith('#nosuch > 1') });
    const newer = client.validate({ baseUrl, credentials: admin, scenarioName: 'checked', graph: graphWith('1 > 0') });
    expect(await older).toBeUndefined();
    const answer = await newer;
    expect(answer?.ok).toBe(true);
    if (!answer?.ok) return;
    expect(answer.result.errors.invalidNodes.check ?? []).toEqual([]);
    expect(answer.typedNodes).toContain('check');
    // errors and warnings come back; the typing of every node stays in the worker
    expect(answer.result).not.toHaveProperty('nodeResults');
  }, 60_000);

  it('reports an edited node’s error, and answers its typing on request', async () => {
    const answer = await client.validate({ baseUrl, credentials: admin, scenarioName: 'checked', graph: graphWith('#nosuch > 1') });
    expect(answer?.ok && answer.result.errors.invalidNodes.check?.length).toBeGreaterThan(0);
    const typing = await client.nodeTyping('check');
    expect(Object.keys(typing?.variableTypes ?? {})).toContain('input');
    expect(await client.nodeTyping('no such node')).toBeUndefined();
  }, 60_000);

  it('hands a refused sign-in back to the page (whose client refreshes it)', async () => {
    const answer = await client.validate({ baseUrl, credentials: { username: 'admin', password: 'wrong' }, scenarioName: 'checked', graph: graphWith('1 > 0') });
    expect(answer).toMatchObject({ ok: false, status: 401 });
  }, 60_000);
});
