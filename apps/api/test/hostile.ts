import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { expect } from 'vitest';
import type { TestServer } from './harness';

// Helpers of the hostile-input suites (hostile-input, hostile-server, scenario-workers): the requests an
// attacker sends and the health check asked while they are in flight.

export const JSON_HEADERS = { 'content-type': 'application/json' };
export const MB = 1024 * 1024;
export const spel = (expression: string) => ({ language: 'spel', expression });
export const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** A body of `total` bytes made on demand, sent chunked (no Content-Length), so the test never holds it. */
export function streamOf(total: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(256 * 1024).fill(0x20);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

/** What `healthDuring` saw: the hostile answer, and whether it had settled when the health check answered. */
export interface HealthDuring<T> {
  answer: T;
  settledFirst: boolean;
}

/**
 * Starts `hostile`, then asks the health check while it is in flight and checks it answers 200 OK. Whether the
 * hostile request had settled by then is returned: a request that holds the server's thread always settles
 * first (the server answers in order once it is free), so callers whose request takes long assert it had not.
 */
export async function healthDuring<T>(server: TestServer, hostile: () => Promise<T>): Promise<HealthDuring<T>> {
  let isSettled = false;
  const pending = hostile().finally(() => {
    isSettled = true;
  });
  // Keeps a rejection from being unhandled while the health check is asked; it is rethrown below.
  pending.catch(() => {});
  const asked = performance.now();
  const health = await server.fetchRaw(undefined, '/api/app/healthCheck');
  const settledFirst = isSettled;
  recordHealthLatency(settledFirst ? 'after' : 'during', performance.now() - asked);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'OK' });
  return { answer: await pending, settledFirst };
}

// The suites assert by structure (the health check answered while the hostile request was in flight); how long
// it took is a figure for the benchmark (apps/api/bench/hostile-health.mjs), which sets this file.
const latencyFile = process.env['SCENARIA_HEALTH_LATENCY_FILE'];

function recordHealthLatency(kind: 'idle' | 'during' | 'after', milliseconds: number): void {
  if (latencyFile) appendFileSync(latencyFile, `${JSON.stringify({ kind, milliseconds })}\n`);
}

/** The baseline of the benchmark: health checks of the same server with nothing else in flight. */
export async function recordIdleHealth(server: TestServer, count = 50): Promise<void> {
  if (!latencyFile) return;
  for (let index = 0; index < count; index++) {
    const asked = performance.now();
    const health = await server.fetchRaw(undefined, '/api/app/healthCheck');
    await health.arrayBuffer();
    recordHealthLatency('idle', performance.now() - asked);
  }
}

/**
 * `healthDuring` for a request known to take long (a worker that runs out of memory or time): the health
 * check must answer before it settles (structure, not timing: a scenario on the server's thread would hold the
 * check back until it ended, or end the process).
 */
export async function healthWhilePending<T>(server: TestServer, hostile: () => Promise<T>): Promise<T> {
  const { answer, settledFirst } = await healthDuring(server, hostile);
  expect(settledFirst, 'the hostile request settled before the health check answered').toBe(false);
  return answer;
}
