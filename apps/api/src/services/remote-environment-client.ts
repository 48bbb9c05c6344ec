import * as contract from '@scenaria/api-contract';
import type { ApiClient, ApiResult, RouteInput, RouteOutput } from '@scenaria/api-contract';
import type { RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import type { SecondaryEnvironmentConfig } from '../config/config-schema';
import { ApiError, badGateway, gatewayTimeout } from '../errors';

/** The fetch the remote client is built on. */
export type RemoteFetch = typeof fetch;

class ResponseTooLarge extends Error {}


// Reads at most `limit` bytes of a body, so a remote cannot make this server buffer an unbounded answer.
async function boundedBody(response: Response, limit: number): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new ResponseTooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The secondary environment as seen from this designer: its typed API client (signed in as the configured
 * user, each call bounded in time and answer size) and the translation of its failures into answers of ours that
 * name it, never a 500.
 */
export class RemoteEnvironment {
  readonly client: ApiClient;

  constructor(
    readonly config: SecondaryEnvironmentConfig,
    fetchImpl: RemoteFetch = (input, init) => fetch(input, init),
  ) {
    const { requestTimeoutMs, maxResponseBytes } = config.remoteConfig;
    const bounded: RemoteFetch = async (input, init) => {
      // One deadline covers the answer's headers and its whole body.
      const signal = AbortSignal.timeout(requestTimeoutMs);
      const response = await fetchImpl(input, { ...init, signal, redirect: 'error' });
      const body = await boundedBody(response, maxResponseBytes);
      return new Response(body.byteLength > 0 ? body : null, { status: response.status, headers: response.headers });
    };
    this.client = contract.createApiClient({
      baseUrl: config.remoteConfig.uri,
      credentials: { username: config.user, password: config.password },
      fetch: bounded,
    });
  }

  get name(): string {
    return this.config.targetEnvironmentId;
  }

  /** Calls a route of the remote; a failure to reach it (or read it) becomes a 502 or 504 naming it. */
  async call<R extends RouteConfig>(route: R, input?: RouteInput<R>): Promise<ApiResult<RouteOutput<R>>> {
    try {
      return await this.client.call(route, input);
    } catch (error) {
      throw this.unreachable(error);
    }
  }

  /** A remote answer that was not a success, as an error of ours (the remote's message kept). */
  refused(result: { status: number; error: { message: string } }, what: string): ApiError {
    const message = `Remote environment ${this.name} refused to ${what} (HTTP ${result.status}): ${result.error.message}`;
    // The remote's 401 and 403 are about the configured user there, not about the user signed in here: a 403.
    if (result.status === 401 || result.status === 403) return new ApiError(403, message);
    if (result.status === 400 || result.status === 404 || result.status === 409) return new ApiError(result.status, message);
    return badGateway(message);
  }

  /** Checks an answer's shape: a remote is outside input like any other. */
  parse<T extends z.ZodType>(schema: T, data: unknown, what: string): z.output<T> {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw badGateway(`Remote environment ${this.name} answered ${what} with an unexpected shape: ${parsed.error.issues[0]?.message ?? 'bad data'}`);
    return parsed.data;
  }

  private unreachable(error: unknown): ApiError {
    const where = `Remote environment ${this.name} (${this.config.remoteConfig.uri})`;
    if (error instanceof ResponseTooLarge) return badGateway(`${where} answered with more than ${this.config.remoteConfig.maxResponseBytes} bytes`);
    const name = (error as { name?: unknown })?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return gatewayTimeout(`${where} did not answer within ${this.config.remoteConfig.requestTimeoutMs} ms`);
    if (error instanceof SyntaxError) return badGateway(`${where} answered with invalid JSON`);
    const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
    const detail = typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : String(error);
    return badGateway(`${where} is not reachable: ${detail}`);
  }
}
