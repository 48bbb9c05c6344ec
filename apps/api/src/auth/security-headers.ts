import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ServerConfig } from '../config/config-schema';

/** CSP directives by name, each with its source list. */
export type CspDirectives = Readonly<Record<string, readonly string[]>>;

/** Writes directives as a `Content-Security-Policy` value. */
export function contentSecurityPolicy(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

// What an API answer (JSON, text, files) needs from a browser: nothing. Rendered by mistake, it runs nothing.
const API_POLICY: CspDirectives = { 'default-src': ["'none'"], 'base-uri': ["'none'"], 'form-action': ["'none'"] };

/**
 * The policy of the designer's pages. Scripts: only our own files plus the inline bootstrap script SvelteKit
 * writes into each page, allowed by its hash. No 'unsafe-eval': the SpEL evaluator sees that `new Function` is
 * refused and uses its closure compiler instead (packages/spel/src/evaluator/generate.ts, canGenerateCode).
 * Styles need 'unsafe-inline': Svelte writes `style="..."` attributes (xyflow places every node and edge label
 * that way, our node handles too) and the page inserts `<style>` elements; under `style-src 'self'` Chromium
 * refuses both (checked with the editor open). CSP can allow attributes only wholesale. Styles cannot run
 * code; scripts stay strict.
 */
export function designerPolicy(inlineScriptHashes: readonly string[]): string {
  return contentSecurityPolicy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  });
}

/**
 * The policy of the Swagger UI page at /api/docs: its files come from this server (no CDN), its requests go
 * to this server. Styles as for the designer: the UI inserts a `<style>` element while rendering.
 */
export const DOCS_POLICY = contentSecurityPolicy({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
});

/** The `sha256-...` sources of every inline `<script>` of a page, as a CSP needs them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi)) {
    hashes.push(`sha256-${createHash('sha256').update(match[1] ?? '', 'utf8').digest('base64')}`);
  }
  return hashes;
}

/**
 * Headers for browsers on every response, set after the handler so errors and 404s get them too:
 * - `Content-Security-Policy`: a page's own policy (designer, docs) or the API's `default-src 'none'`, and
 *   always `frame-ancestors` from `securityHeaders.frameAncestors` (clickjacking), with `X-Frame-Options` for
 *   browsers that predate it when the list is simply 'self' or 'none';
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`;
 * - `Cache-Control: no-store` unless the handler chose caching (static files do): API answers carry users'
 *   data and must not stay in shared or browser caches.
 */
export function securityHeaders(getConfig: () => ServerConfig): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const answered = c.res.headers;
    const headers = securityHeaderValues(getConfig(), answered.get('content-security-policy'));
    for (const [name, value] of Object.entries(headers)) {
      if (name === 'Cache-Control' && answered.has('cache-control')) continue;
      // Set on the answer itself: Hono's `c.header` after the handler rebuilds the answer as a web Response with
      // a body stream, which then has to be streamed out. Only immutable headers (a redirect's) need that.
      try {
        answered.set(name, value);
      } catch {
        c.header(name, value);
      }
    }
  };
}

let lastApiHeaders: { config: ServerConfig; headers: Readonly<Record<string, string>> } | undefined;

/**
 * The headers `securityHeaders` sets, by name: for an answer with its own page policy, or for an API answer
 * (`pagePolicy` null), as the /scenario/ endpoints write them outside Hono. `Cache-Control` is to be set only
 * when the answer has none.
 */
export function securityHeaderValues(config: ServerConfig, pagePolicy: string | null): Readonly<Record<string, string>> {
  // Computed once per configuration for API answers: the scenario endpoints ask on every request.
  if (pagePolicy === null && lastApiHeaders?.config === config) return lastApiHeaders.headers;
  const frameAncestors = config.securityHeaders.frameAncestors;
  const framing = contentSecurityPolicy({ 'frame-ancestors': frameAncestors });
  const headers: Record<string, string> = { 'Content-Security-Policy': `${pagePolicy ?? contentSecurityPolicy(API_POLICY)}; ${framing}` };
  const only = frameAncestors.length === 1 ? frameAncestors[0] : undefined;
  if (only === "'self'") headers['X-Frame-Options'] = 'SAMEORIGIN';
  else if (only === "'none'") headers['X-Frame-Options'] = 'DENY';
  headers['X-Content-Type-Options'] = 'nosniff';
  headers['Referrer-Policy'] = 'no-referrer';
  headers['Cache-Control'] = 'no-store';
  if (pagePolicy === null) lastApiHeaders = { config, headers };
  return headers;
}
