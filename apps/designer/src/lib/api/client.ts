/**
 * A thin fetch wrapper for the designer's REST API (same origin, under /api). Expected failures (404, 409,
 * validation) come back as values so screens can show them; only a broken network rejects.
 */
export type ApiResult<T> = { ok: true; value: T; status: number } | { ok: false; status: number; message: string };

export interface Credentials {
  username: string;
  password: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | boolean | undefined>;
  json?: unknown;
  text?: string;
  form?: FormData;
  /** How to read a successful body: parsed JSON (default), raw text, or nothing. */
  read?: 'json' | 'text' | 'none';
}

export type Fetch = typeof fetch;

export function basicAuthorization(credentials: Credentials): string {
  const bytes = new TextEncoder().encode(`${credentials.username}:${credentials.password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/** Builds `/api/<segments>` with each segment URL-encoded (scenario names may hold spaces and slashes). */
export function apiPath(...segments: (string | number)[]): string {
  return `/api/${segments.map((segment) => encodeURIComponent(String(segment))).join('/')}`;
}

export function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Error bodies are JSON `{message}` from our API and plain text in the reference; accept both. */
export function errorMessageOf(body: string, status: number): string {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        return parsed.message;
      }
    } catch {
      // not JSON after all: show the text as it is
    }
  }
  return trimmed || `Request failed with status ${status}`;
}

export class ApiClient {
  constructor(
    private readonly getCredentials: () => Credentials | undefined,
    private readonly fetcher: Fetch = (input, init) => fetch(input, init),
  ) {}

  async request<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const credentials = this.getCredentials();
    if (credentials) headers.Authorization = basicAuthorization(credentials);
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.text !== undefined) {
      headers['Content-Type'] = 'text/plain';
      body = options.text;
    } else if (options.form) {
      body = options.form;
    }
    const response = await this.fetcher(withQuery(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      // Credentials go in our own Authorization header. With "omit" the browser neither sends remembered
      // basic-auth credentials nor opens its own login prompt when a 401 carries WWW-Authenticate.
      credentials: 'omit',
    });
    const text = await response.text();
    if (!response.ok) return { ok: false, status: response.status, message: errorMessageOf(text, response.status) };
    const read = options.read ?? 'json';
    if (read === 'none' || (read === 'json' && text.trim() === '')) {
      return { ok: true, status: response.status, value: undefined as T };
    }
    if (read === 'text') return { ok: true, status: response.status, value: text as T };
    return { ok: true, status: response.status, value: JSON.parse(text) as T };
  }

  get<T>(path: string, query?: RequestOptions['query']) {
    return this.request<T>(path, { query });
  }

  post<T>(path: string, json?: unknown, options: Omit<RequestOptions, 'json' | 'method'> = {}) {
    return this.request<T>(path, { ...options, method: 'POST', json });
  }

  put<T>(path: string, json?: unknown, options: Omit<RequestOptions, 'json' | 'method'> = {}) {
    return this.request<T>(path, { ...options, method: 'PUT', json });
  }

  delete<T>(path: string) {
    return this.request<T>(path, { method: 'DELETE', read: 'none' });
  }
}
