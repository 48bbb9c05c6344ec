import { expect, test } from 'vitest';
import type { TestServer } from '../harness';

/** Malformed requests of every kind get a 4xx with a JSON message, never a 500. */
export function badInputSuite(server: () => TestServer): void {
  test('malformed requests never answer 500', async () => {
    const cases: [string, string, RequestInit][] = [
      ['bad percent-encoding in a path', '/api/processes/%E0%A4%A', {}],
      ['JSON array as a body', '/api/processes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1,2]' }],
      ['text body where JSON is expected', '/api/processes', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' }],
      ['no body where JSON is expected', '/api/processes', { method: 'POST' }],
      ['empty JSON body', '/api/processes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' }],
      ['deeply nested JSON', '/api/processes/alpha', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"scenarioGraph":' + '['.repeat(5000) + ']'.repeat(5000) + '}' }],
      ['multipart without a boundary', '/api/processes/import/alpha', { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' }],
      ['huge version number', '/api/processes/alpha/99999999999999999999', {}],
      ['unsupported method', '/api/processes/alpha', { method: 'PATCH' }],
    ];
    for (const [what, path, init] of cases) {
      const response = await server().fetchRaw(undefined, path, { ...init, user: 'admin' });
      const text = await response.text();
      expect(response.status, `${what}: ${text}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${what}: ${text}`).toBeLessThan(500);
      expect((JSON.parse(text) as { message?: unknown }).message, what).toEqual(expect.any(String));
    }
  });
}
