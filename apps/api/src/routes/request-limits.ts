import { inspectJsonText, MAX_JSON_DEPTH } from '@scenaria/graph';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ConfigStore } from '../config/config-store';
import type { RequestLimits } from '../config/config-schema';
import { badRequest, payloadTooLarge } from '../errors';
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
