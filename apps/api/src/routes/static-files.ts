import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { designerPolicy, inlineScriptHashes } from '../auth/security-headers';
import { errorResponse } from '../errors';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Vite writes the scripts of `new Worker(new URL(...))` under `_app/immutable/workers/` in a SvelteKit build. */
const isWorkerScript = (path: string) => path.startsWith('/_app/immutable/workers/') && path.endsWith('.js');

/**
 * Serves a built single-page app: files under `root` as they are, and index.html for any other GET that is
 * not an API path, so client-side routes survive a reload.
 */
export function serveSinglePageApp(root: string): MiddlewareHandler {
  const base = resolve(root);
  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.path === '/api' || c.req.path.startsWith('/api/')) {
      return next();
    }
    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path);
    } catch {
      return errorResponse(c, 400, { message: 'Malformed path' });
    }
    const candidate = normalize(join(base, relative));
    const inside = candidate === base || candidate.startsWith(base + sep);
    const target = inside && (await isFile(candidate)) ? candidate : join(base, 'index.html');
    if (!(await isFile(target))) return next();
    const type = TYPES[extname(target)] ?? 'application/octet-stream';
    const isIndex = target.endsWith(`${sep}index.html`);
    const bytes = await readFile(target);
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': isIndex ? 'no-cache' : 'public, max-age=3600' };
    // A page's policy allows exactly the inline scripts it holds (SvelteKit's bootstrap), read from the page
    // itself, so a rebuilt designer needs no configuration change.
    if (extname(target) === '.html') headers['content-security-policy'] = designerPolicy(inlineScriptHashes(bytes.toString('utf8')));
    // A Web Worker runs under the policy of its own script's response, not the page's: the API's
    // `default-src 'none'` would refuse the designer's typing worker its requests and its on-demand imports.
    else if (isWorkerScript(relative)) headers['content-security-policy'] = designerPolicy([]);
    return c.body(new Uint8Array(bytes), 200, headers);
  };
}
