import { createApiClient } from '@scenaria/api-contract';
import type { ApiClient, ApiResult } from '@scenaria/api-contract';
import type { CliIo } from './io';
import { UsageError } from './io';

/** The options every command talking to a designer takes. */
export const designerOptions = {
  designer: { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
} as const;

/** The help lines of the designer options (`prefix` for migrate's `--from-`/`--to-` variants). */
export const DESIGNER_HELP = `  --designer URL      the designer's address (or SCENARIA_DESIGNER)
  --user NAME         user name (or SCENARIA_USER)
  --password TEXT     password (or SCENARIA_PASSWORD; prefer the variable: flags show in process lists)`;

/** A failed call to a designer: exit code 1 with the server's message. */
export class DesignerError extends Error {
  override readonly name = 'DesignerError';
}

/**
 * A typed client of a designer's REST API with basic-auth credentials from the flags or the environment
 * (`SCENARIA_USER`, `SCENARIA_PASSWORD`, with `envPrefix` for a second designer).
 */
export function designerClient(io: CliIo, flags: { designer?: string; user?: string; password?: string }, envPrefix = 'SCENARIA'): { client: ApiClient; url: string } {
  const url = flags.designer ?? io.env[`${envPrefix}_DESIGNER`];
  if (!url) throw new UsageError(`No designer given: pass its address or set ${envPrefix}_DESIGNER`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`Not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(`Not an http(s) URL: ${url}`);
  const username = flags.user ?? io.env[`${envPrefix}_USER`];
  const password = flags.password ?? io.env[`${envPrefix}_PASSWORD`];
  const credentials = username === undefined ? undefined : { username, password: password ?? '' };
  return { client: createApiClient({ baseUrl: url, ...(credentials ? { credentials } : {}) }), url };
}

/** The answer of a call, whatever its status; an unreachable designer becomes a `DesignerError` naming what was asked. */
export async function reach<T>(what: string, call: Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  try {
    return await call;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new DesignerError(`${what}: the designer cannot be reached (${error instanceof Error ? error.message : String(error)}${cause})`);
  }
}

/** The data of a successful call; a refused or unreachable call becomes a `DesignerError` with the server's message. */
export async function expectOk<T>(what: string, call: Promise<ApiResult<T>>): Promise<T> {
  const result = await reach(what, call);
  if (!result.ok) throw new DesignerError(`${what}: ${result.status} ${result.error.message}`);
  return result.data;
}
