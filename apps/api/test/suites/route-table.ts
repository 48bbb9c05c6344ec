import { expect, test } from 'vitest';
import { PERMISSION_EXTENSION } from '@scenaria/api-contract';
import type { TestServer } from '../harness';

interface Operation {
  parameters?: unknown[];
  requestBody?: unknown;
  security?: unknown[];
  [PERMISSION_EXTENSION]?: string;
}

/**
 * Walks the routes of the OpenAPI document and fails for any route whose tests never showed a success, a bad
 * input answer (when it takes input), a 401 (when secured) and a 403 (when it needs a category or admin right).
 */
export function routeTableWalk(server: () => TestServer): void {
  test('every route of the OpenAPI document has success, bad input, 401 and 403 tests', async () => {
    const response = await fetch(`${server().baseUrl}/api/docs/openapi.json`);
    const doc = (await response.json()) as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    let routes = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        routes++;
        const statuses = server()
          .calls.filter((call) => call.path === path && call.method === method.toUpperCase())
          .map((call) => call.status);
        const needs: [string, (status: number) => boolean][] = [['success', (status) => status >= 200 && status < 300]];
        if ((operation.parameters?.length ?? 0) > 0 || operation.requestBody) {
          needs.push(['bad input', (status) => status >= 400 && status < 500 && status !== 401 && status !== 403]);
        }
        if (operation.security && operation.security.length > 0) needs.push(['401', (status) => status === 401]);
        const permission = operation[PERMISSION_EXTENSION];
        if (permission !== 'public' && permission !== 'authenticated') needs.push(['403', (status) => status === 403]);
        for (const [what, matches] of needs) {
          if (!statuses.some(matches)) missing.push(`${method.toUpperCase()} ${path}: no ${what} test`);
        }
      }
    }
    expect(routes).toBeGreaterThanOrEqual(40);
    expect(missing).toEqual([]);
  });
}
