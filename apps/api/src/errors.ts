import { isDeploymentManagerClosed, isDeploymentManagerUnavailable } from '@scenaria/deployment-sdk';
import { SCENARIO_PATH_PREFIX } from '@scenaria/dm-embedded';
import type { Context } from 'hono';
import { embeddedDatabaseStoppedIn } from './db/pglite-thread';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
/** Status codes the API answers for expected failures. */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503 | 504;

/**
 * An expected failure of a request (missing scenario, action not allowed in this state ...). Services throw
 * it; the app's single onError turns it into `{"message": ...}` with its status.
 */
export class ApiError extends Error {
  readonly kind = 'ApiError';
  /** Every issue of bad input, as input errors list them (`inputIssuesError`). */
  issues?: unknown[];
  constructor(
    readonly status: ApiErrorStatus,
    message: string,
    readonly path?: (string | number)[],
    /** Sent as `Retry-After`: the refusal is temporary (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** 400 with the answer input errors give (`ErrorBody`: message, path and issues). */
export function badInput(body: ErrorBody): ApiError {
  const error = new ApiError(400, body.message, body.path);
  if (body.issues) error.issues = body.issues;
  return error;
}

/** 404. */
export const notFound = (message: string) => new ApiError(404, message);
/** 400. */
export const badRequest = (message: string, path?: (string | number)[]) => new ApiError(400, message, path);
/** 409: not allowed in the current state. */
export const conflict = (message: string) => new ApiError(409, message);
/** 413: the body is larger than the configured limit. */
export const payloadTooLarge = (message: string) => new ApiError(413, message);
/** 429: refused for now (backpressure); the client may try again after `retryAfterSeconds`. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new ApiError(429, message, undefined, retryAfterSeconds);
/** 403. */
export const forbidden = (message = 'The supplied authentication is not authorized to access this resource') =>
  new ApiError(403, message);

/** 503: this server cannot do it right now; the client may try again after `retryAfterSeconds`. */
export const serviceUnavailable = (message: string, retryAfterSeconds: number) => new ApiError(503, message, undefined, retryAfterSeconds);
/** 502: a server this one called (a remote environment) failed or refused; the message names it. */
export const badGateway = (message: string) => new ApiError(502, message);
/** 504: a server this one called did not answer in time. */
export const gatewayTimeout = (message: string) => new ApiError(504, message);

/** Checks the kind rather than the class, so a second copy of this module still matches. */
export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'ApiError';
}

/**
 * The answer to an error a service let through, when it is an expected one: its own `ApiError`, or what other
 * packages throw that is no bug, by code. Undefined for the rest, which are bugs (500).
 */
export function toApiError(error: unknown): ApiError | undefined {
  if (isApiError(error)) return error;
  // A reload replaced the manager while the command was on its way to it: the command did nothing, and the
  // manager now in its place takes it.
  if (isDeploymentManagerClosed(error)) return serviceUnavailable('The deployment manager was replaced by a configuration reload: try again', 1);
  // Its broker or runtime did not answer: whether a command took effect shows in the scenario's state.
  if (isDeploymentManagerUnavailable(error)) return serviceUnavailable(`The deployment manager could not reach its runtime: ${error.message}`, 5);
  // Its thread stopped under the request (nothing it wrote was committed unless its answer said so), or is being
  // opened again.
  // Its own message: a wrapping query error would show the statement.
  const stopped = embeddedDatabaseStoppedIn(error);
  if (stopped) return serviceUnavailable(`The embedded database stopped: ${stopped.message}. Try again`, 1);
  return undefined;
}

/** What an error answer carries: the message, and where and what was wrong for bad input. */
export interface ErrorBody {
  message: string;
  path?: (string | number)[];
  issues?: unknown[];
}

// The highest quality the Accept header gives any range matching `type/subtype` (0 when none does).
function qualityOf(accept: string, type: string, subtype: string): number {
  let best = 0;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const [rangeType, rangeSubtype] = range.trim().split('/');
    const matches = (rangeType === '*' && rangeSubtype === '*') || (rangeType === type && (rangeSubtype === '*' || rangeSubtype === subtype));
    if (!matches) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (Number.isFinite(quality) && quality > best) best = quality;
  }
  return best;
}

/**
 * Whether an error answer is JSON: only when the request prefers `application/json` to `text/plain`. The
 * reference answers errors as plain text and its front end (axios: `application/json, text/plain, *\/*`) shows
 * the body as it is; our typed client sends `Accept: application/json` and reads `message`.
 */
export function prefersJsonErrors(accept: string | undefined): boolean {
  if (!accept) return false;
  return qualityOf(accept, 'application', 'json') > qualityOf(accept, 'text', 'plain');
}

/**
 * The one shape of every error answer: JSON `{message, path?, issues?}` or the message as plain text. Deployed
 * request-response endpoints (under `/scenario/`) answer JSON whatever the request accepts, as their own
 * refusals (schema violations, scenario failures) are JSON.
 */
export function errorResponse(c: Context, status: ContentfulStatusCode, body: ErrorBody): Response {
  if (c.req.path.startsWith(`${SCENARIO_PATH_PREFIX}/`) || prefersJsonErrors(c.req.header('accept'))) return c.json(body, status);
  return c.text(body.message, status);
}
