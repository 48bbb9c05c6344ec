import { inspectJsonText, MAX_JSON_DEPTH } from '@scenaria/graph';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ConfigStore } from '../config/config-store';
import { badRequest, payloadTooLarge } from '../errors';
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
 * Limits that hold before any route or login runs: a URL with an encoded NUL is refused (PostgreSQL text
 * cannot hold one, so a name or query value with it would fail in the database as a 500), and a body larger
 * than `requestLimits` is answered with 413 as soon as its Content-Length, or the bytes read so far, exceed
 * the limit, so an oversized body is never held in memory.
 */
export function requestLimits(config: ConfigStore): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // `%00` is the only way to put NUL in a URL: the HTTP parser refuses a raw one.
    if (/%00/i.test(c.req.url)) throw badRequest('The URL contains a NUL character (%00)');
    const limits = config.current.requestLimits;
    const isDocument = documentKind(c.req.header('content-type') ?? '') !== undefined;
    const maxSize = isDocument ? limits.maxBodyBytes : limits.maxUploadBytes;
    const key = isDocument ? 'maxBodyBytes' : 'maxUploadBytes';
    const limit = bodyLimit({
      maxSize,
      onError: () => {
        throw payloadTooLarge(`The request body is larger than the limit of ${inMegabytes(maxSize)} (${maxSize} bytes, requestLimits.${key})`);
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
    if (kind === undefined || !c.req.raw.body) return next();
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
