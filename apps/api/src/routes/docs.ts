import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { stringify } from 'yaml';
import { DOCS_POLICY } from '../auth/security-headers';
import { errorResponse } from '../errors';
import type { AppEnv } from './router';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

// Served from our own origin (no CDN), so the page works without internet and under a strict CSP.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Scenaria API</title>
<link rel="icon" href="/api/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/swagger-ui-standalone-preset.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/docs/openapi.json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

const DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'Scenaria designer API',
    version: '1.18',
    description:
      'REST API of the Scenaria designer (Nussknacker 1.18 compatible). Errors are JSON `{"message"}` when the request accepts only JSON, else the message as plain text.',
  },
};

/** The OpenAPI document at /api/docs/openapi.json and a browsable UI at /api/docs. */
export function mountDocs(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'basicAuth', { type: 'http', scheme: 'basic' });
  // Generating the document walks every route's schemas (about half a second): it is built on the first request,
  // when every route is registered, and its texts are served as they are afterwards.
  let document: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  const built = () => (document ??= app.getOpenAPI31Document(DOCUMENT));
  let jsonText: string | undefined;
  app.get('/api/docs/openapi.json', (c) => {
    jsonText ??= JSON.stringify(built());
    return c.body(jsonText, 200, { 'content-type': 'application/json' });
  });
  // Nussknacker serves its document as YAML at this path; tools written against it fetch it there.
  let yamlText: string | undefined;
  app.get('/api/docs/nu-designer-openapi.yaml', (c) => {
    yamlText ??= stringify(built(), { aliasDuplicateObjects: false });
    return c.body(yamlText, 200, { 'content-type': 'application/yaml; charset=utf-8' });
  });
  const assetDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const cache = new Map<string, Uint8Array<ArrayBuffer>>();
  app.get('/api/docs', (c) => c.html(PAGE, 200, { 'content-security-policy': DOCS_POLICY }));
  app.get('/api/docs/assets/init.js', (c) => c.body(INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  app.get('/api/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    const type = ASSETS[file];
    if (!type) return errorResponse(c, 404, { message: `No such documentation asset: ${file}` });
    let bytes = cache.get(file);
    if (!bytes) {
      bytes = new Uint8Array(await readFile(join(assetDir, file)));
      cache.set(file, bytes);
    }
    return c.body(bytes, 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' });
  });
}
