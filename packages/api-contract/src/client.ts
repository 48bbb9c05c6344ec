import type { RouteConfig, z } from '@hono/zod-openapi';
import type { ErrorResponse } from './schemas/common';

type SchemaAt<T, K extends string> = T extends { [P in K]: infer S extends z.ZodType } ? S : never;
type JsonBodySchema<R> = R extends { request: { body: { content: { 'application/json': { schema: infer S extends z.ZodType } } } } }
  ? S
  : never;
type SuccessStatus = 200 | 201 | 204;
type SuccessSchema<R extends RouteConfig> = {
  [S in SuccessStatus]: R['responses'] extends { [K in S]: { content: { 'application/json': { schema: infer T extends z.ZodType } } } }
    ? T
    : never;
}[SuccessStatus];

/** The inputs of a call, typed from the route's zod schemas. */
export type RouteInput<R extends RouteConfig> = {
  params?: R extends { request: { params: z.ZodType } } ? z.input<SchemaAt<R['request'], 'params'>> : never;
  query?: R extends { request: { query: z.ZodType } } ? z.input<SchemaAt<R['request'], 'query'>> | Record<string, unknown> : never;
  json?: [JsonBodySchema<R>] extends [never] ? never : z.input<JsonBodySchema<R>>;
  /** A raw body (text/plain comments, attachment bytes, import forms). */
  body?: RequestInit['body'];
  headers?: Record<string, string>;
};

/** The decoded JSON of a successful answer (ArrayBuffer for binary answers, undefined for empty ones). */
export type RouteOutput<R extends RouteConfig> = [SuccessSchema<R>] extends [never] ? unknown : z.output<SuccessSchema<R>>;

/** The outcome of a call: the decoded body on success, the server's error body otherwise. */
export type ApiResult<T> =
  | { ok: true; status: number; data: T; response: Response }
  | { ok: false; status: number; error: ErrorResponse; response: Response };

/** Options of `createApiClient`. */
export interface ApiClientOptions {
  /** Origin of the server; empty (same origin) in the designer. */
  baseUrl?: string;
  /**
   * Basic-auth credentials sent with every call, or a function asked before each call (a designer whose user
   * signs in and out keeps one client).
   */
  credentials?: ApiCredentials | (() => ApiCredentials | undefined);
  /** The fetch to use (defaults to the global one). */
  fetch?: typeof fetch;
  /**
   * Further fetch options for every call. A browser app passing its own Authorization header sets
   * `{ credentials: 'omit' }`, so the browser neither adds remembered credentials nor opens its login prompt on a 401.
   */
  requestInit?: Omit<RequestInit, 'method' | 'headers' | 'body'>;
}

/** A user name and password for basic authentication, or an access token of a token provider (OAuth2, OIDC). */
export type ApiCredentials = { username: string; password: string } | { accessToken: string };

/** A typed client: one `call` for every route of the contract. */
export interface ApiClient {
  call<R extends RouteConfig>(route: R, input?: RouteInput<R>): Promise<ApiResult<RouteOutput<R>>>;
  /** The URL of a route with its parameters filled in (for links and downloads). */
  url<R extends RouteConfig>(route: R, input?: Pick<RouteInput<R>, 'params' | 'query'>): string;
}

function basicAuthorization(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

function buildUrl(baseUrl: string, path: string, params: Record<string, unknown> | undefined, query: Record<string, unknown> | undefined): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const queryText = search.toString();
  return `${baseUrl}${filled}${queryText ? `?${queryText}` : ''}`;
}

/** Error bodies are JSON `{message}` from our API and plain text from the reference's; both become an `ErrorResponse`. */
function errorOf(text: string, status: number): ErrorResponse {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return parsed as ErrorResponse;
    } catch {
      // not JSON after all: the text is the message
    }
  }
  return { message: trimmed || `Request failed with status ${status}` };
}

function successContentType(route: RouteConfig): string | undefined {
  for (const status of ['200', '201', '204']) {
    const response = (route.responses as Record<string, { content?: Record<string, unknown> }>)[status];
    if (response) return Object.keys(response.content ?? {})[0];
  }
  return undefined;
}

/**
 * A fetch-based client for the designer API, usable in the browser and in Node.
 * @example
 * const api = createApiClient({ credentials: { username: 'admin', password: 'admin' } });
 * const result = await api.call(getScenario, { params: { scenarioName: 'fraud-detection' } });
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const credentialsOption = options.credentials;
  const credentialsNow = typeof credentialsOption === 'function' ? credentialsOption : () => credentialsOption;

  function url<R extends RouteConfig>(route: R, input?: Pick<RouteInput<R>, 'params' | 'query'>): string {
    return buildUrl(baseUrl, route.path, input?.params as Record<string, unknown>, input?.query as Record<string, unknown>);
  }

  async function call<R extends RouteConfig>(route: R, input: RouteInput<R> = {}): Promise<ApiResult<RouteOutput<R>>> {
    const headers: Record<string, string> = { accept: 'application/json', ...input.headers };
    const credentials = credentialsNow();
    if (credentials) {
      headers.authorization = 'accessToken' in credentials ? `Bearer ${credentials.accessToken}` : basicAuthorization(credentials.username, credentials.password);
    }
    let body: RequestInit['body'] = input.body;
    if (input.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.json);
    }
    const response = await doFetch(url(route, input), { ...options.requestInit, method: route.method.toUpperCase(), headers, body });
    if (!response.ok) {
      return { ok: false, status: response.status, error: errorOf(await response.text(), response.status), response };
    }
    const declared = successContentType(route);
    let data: unknown;
    if (declared === 'application/json') {
      // Some servers answer an action with an empty 200 even where the route declares JSON.
      const text = await response.text();
      data = text.trim() === '' ? undefined : JSON.parse(text);
    } else if (declared !== undefined) data = await response.arrayBuffer();
    else data = undefined;
    return { ok: true, status: response.status, data: data as RouteOutput<R>, response };
  }

  return { call, url };
}
