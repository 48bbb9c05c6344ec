import type { IncomingMessage } from 'node:http';
import type { BodyBudgetShare } from '@scenaria/dm-embedded';
import { inspectJsonText, MAX_JSON_DEPTH } from '@scenaria/graph';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ConfigStore } from '../config/config-store';
import type { RequestLimits } from '../config/config-schema';
import { badRequest, payloadTooLarge, serviceUnavailable } from '../errors';
import type { ApiError } from '../errors';
import type { AppEnv } from './router';

// What Hono's validator reads as JSON (`application/json`, `application/merge-patch+json` ...).
const JSON_TYPE = /^application\/([a-z-.]+\+)?json(\s*;|$)/i;

/** Whether a body is a document (JSON or text, read whole into a string) rather than a file. */
function documentKind(contentType: string): 'json' | 'text' | undefined {
  if (JSON_TYPE.test(contentType)) return 'json';
  if (contentType === '' || contentType.toLowerCase().startsWith('text/')) return 'text';
  return undefined;
}

function inMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 100) / 100} MB`;
}

/**
 * A URL with an encoded NUL is refused: PostgreSQL text cannot hold one, so a name or query value with it would
 * fail in the database as a 500. `%00` is the only way to put NUL in a URL: the HTTP parser refuses a raw one.
 */
export function urlProblem(url: string): ApiError | undefined {
  return /%00/i.test(url) ? badRequest('The URL contains a NUL character (%00)') : undefined;
}

/** The most a request body may hold by its content type (documents and files differ), and the 413 message naming the setting. */
export function bodyLimitOf(contentType: string, limits: RequestLimits): { maxBytes: number; message: string } {
  const isDocument = documentKind(contentType) !== undefined;
  const maxBytes = isDocument ? limits.maxBodyBytes : limits.maxUploadBytes;
  const key = isDocument ? 'maxBodyBytes' : 'maxUploadBytes';
  return { maxBytes, message: `The request body is larger than the limit of ${inMegabytes(maxBytes)} (${maxBytes} bytes, requestLimits.${key})` };
}

/** Methods whose requests carry no body here: the node server gives them none, whatever their headers say. */
function hasNoBody(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/**
 * The bytes of request bodies the server holds at once (`requestLimits.maxBodyBytesInFlight`): counted as they
 * arrive, not by what a request declares, so a client that announces a large body and sends it slowly holds
 * only what it sent. A body is held from its first byte until its request is answered.
 */
export class BodyBudget {
  #held = 0;

  /**
   * A request's share: what it takes (while the total stays within `capacity`) is given back when `closed`
   * closes (the response answered, or the connection lost), or earlier by `giveBack`.
   */
  shareFor(closed: { once(event: 'close', listener: () => void): unknown }, capacity: number): BodyBudgetShare & { giveBack(): void } {
    let taken = 0;
    const giveBack = () => {
      this.#held -= taken;
      taken = 0;
    };
    closed.once('close', giveBack);
    return {
      take: (bytes) => {
        if (this.#held + bytes > capacity) return false;
        this.#held += bytes;
        taken += bytes;
        return true;
      },
      get message() {
        return `The server is holding as many request bodies as it may (${inMegabytes(capacity)}, requestLimits.maxBodyBytesInFlight); try again shortly`;
      },
      giveBack,
    };
  }
}

/** What reading a body under its limit and the server's budget came to. */
export type BudgetedBody = { body: Buffer } | { refusal: ApiError };

/**
 * Reads a request's body whole, each chunk taken from the server's `budget` as it arrives and given back when
 * the response closes (answered, or the connection lost). Over the body's own limit the answer is 413, over the
 * budget 503 with Retry-After; either way what was taken is given back at once and the rest of the body is read
 * and dropped, never held.
 */
export function readBodyWithinBudget(
  request: IncomingMessage,
  closed: { once(event: 'close', listener: () => void): unknown },
  limits: RequestLimits,
  budget: BodyBudget,
): Promise<BudgetedBody> {
  const { maxBytes, message } = bodyLimitOf(request.headers['content-type'] ?? '', limits);
  const share = budget.shareFor(closed, limits.maxBodyBytesInFlight);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BudgetedBody) => {
      settled = true;
      resolve(result);
    };
    const refuse = (refusal: ApiError) => {
      chunks.length = 0;
      share.giveBack();
      settle({ refusal });
    };
    request.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > maxBytes) return refuse(payloadTooLarge(message));
      if (!share.take(chunk.length)) return refuse(serviceUnavailable(share.message, 1));
      chunks.push(chunk);
    });
    request.once('end', () => {
      if (!settled) settle({ body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
    });
    // A client gone mid-body: nobody is left to answer.
    request.once('error', (error) => {
      if (!settled) reject(error);
    });
    request.once('close', () => {
      if (!settled) reject(new Error('The client closed the connection before its request body ended'));
    });
  });
}

// Refusals decided while the node listener read a body, answered by the app (`requestLimits`) as its own errors
// are: the same formats and headers.
const refusals = new WeakMap<IncomingMessage, ApiError>();

/** Makes the app answer `request` with `refusal` before any route or login runs. */
export function refuseInApp(request: IncomingMessage, refusal: ApiError): void {
  refusals.set(request, refusal);
}

/**
 * Limits that hold before any route or login runs (`urlProblem`, `bodyLimitOf`): a body larger than the limit
 * is answered with 413 as soon as its Content-Length, or the bytes read so far, exceed it, so an oversized
 * body is never held in memory. A body with a Content-Length (and no Transfer-Encoding) is judged by that header
 * alone, without touching the request's stream: node's parser never delivers more bytes than it declares, and
 * the route can then read the body straight from the socket instead of through a web stream. Chunked bodies
 * are counted as they arrive (Hono's `bodyLimit`). The /scenario/ endpoints apply the same two rules on the
 * node path (`node-listener.ts`).
 */
export function requestLimits(config: ConfigStore): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const problem = urlProblem(c.req.url);
    if (problem) throw problem;
    // Served by node's HTTP server, the app gets node's request as `incoming` (@hono/node-server).
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const refusal = incoming && refusals.get(incoming);
    if (refusal) throw refusal;
    if (hasNoBody(c.req.method)) return next();
    const { maxBytes, message } = bodyLimitOf(c.req.header('content-type') ?? '', config.current.requestLimits);
    const declaredLength = c.req.header('content-length');
    if (declaredLength !== undefined && /^\d+$/.test(declaredLength) && c.req.header('transfer-encoding') === undefined) {
      if (Number(declaredLength) > maxBytes) throw payloadTooLarge(message);
      return next();
    }
    const limit = bodyLimit({
      maxSize: maxBytes,
      onError: () => {
        throw payloadTooLarge(message);
      },
    });
    return limit(c, next);
  };
}

/**
 * Checks of JSON and text bodies before a route parses them: nesting deeper than `MAX_JSON_DEPTH` (every
 * recursive step after the parse would overflow the stack) and NUL characters (PostgreSQL text cannot hold
 * them) are bad input. The text stays cached on the request, so the route's own parse reads no stream again.
 */
export function documentBodyChecks(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const kind = documentKind(c.req.header('content-type') ?? '');
    if (kind === undefined || hasNoBody(c.req.method)) return next();
    const text = await c.req.text();
    if (kind === 'json') {
      const inspection = inspectJsonText(text);
      if (inspection.tooDeep) throw badRequest(`The JSON body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`);
      if (inspection.hasNulCharacter) throw badRequest('The JSON body contains a NUL character (\\u0000)');
    } else if (text.includes('\u0000')) {
      throw badRequest('The body contains a NUL character');
    }
    return next();
  };
}
