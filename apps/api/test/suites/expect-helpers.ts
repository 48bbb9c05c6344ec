import { expect } from 'vitest';
import type { RouteConfig } from '@hono/zod-openapi';
import type { RouteInput } from '@scenaria/api-contract';
import type { TestServer, TestUser } from '../harness';

/** Asserts an error answer: its status and a JSON body whose message contains `fragment`. */
export function expectError(result: { ok: boolean; status: number; error?: { message: string } }, status: number, fragment?: string | RegExp): void {
  expect(result.status, JSON.stringify(result.error)).toBe(status);
  expect(result.ok).toBe(false);
  expect(typeof result.error?.message).toBe('string');
  expect(result.error!.message.length).toBeGreaterThan(0);
  if (fragment !== undefined) expect(result.error!.message).toMatch(fragment);
}

/** 401 without credentials (and with a wrong password), 403 for `deniedUser` when given. */
export async function expectGuarded<R extends RouteConfig>(
  server: TestServer,
  route: R,
  input: RouteInput<R>,
  deniedUser?: TestUser,
): Promise<void> {
  const anonymous = await server.call('anonymous', route, input);
  expectError(anonymous, 401, /authentication/);
  expect(anonymous.response.headers.get('www-authenticate')).toMatch(/^Basic/);
  expectError(await server.call('wrong-password', route, input), 401);
  if (deniedUser) expectError(await server.call(deniedUser, route, input), 403);
}
