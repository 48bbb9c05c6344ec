import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Hook, RouteConfig } from '@hono/zod-openapi';
import { routePath } from 'hono/route';
import type { AuthenticatedUser } from '../auth/users';
import { errorResponse } from '../errors';
import { inputIssuesError } from '../input-issues';

/** What every handler finds on its context. */
export type AppEnv = { Variables: { user: AuthenticatedUser } };

// Nussknacker's older (akka-http) routes do not match a request without a required query parameter, so it
// answers 404 "Request is missing required query parameter ..." there; its newer routes answer 400.
const QUERY_REQUIRED_TO_MATCH = new Set(['/api/processDefinitionData/:processingType', '/api/adminProcessManagement/deploy/:scenarioName']);

/** Input errors (params, query, headers, bodies) answer 400 with their issues (`inputIssuesError`). */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (result.success) return;
  if (result.target === 'query' && QUERY_REQUIRED_TO_MATCH.has(routePath(c))) {
    const missing = result.error.issues.map((issue) => issue.path[0]).find((key) => typeof key === 'string' && c.req.query(key) === undefined);
    if (typeof missing === 'string') return errorResponse(c, 404, { message: `Request is missing required query parameter '${missing}'`, path: ['query', missing] });
  }
  return errorResponse(c, 400, inputIssuesError(result.target, result.error.issues));
};

// The validator middleware parses every input with `safeParseAsync`, and zod's asynchronous parse of an object
// skips its compiled fast path: a save's body (a scenario graph) took about four times as long as parsed
// synchronously. So parameters, headers and JSON bodies are parsed synchronously (forms are not: a file part is
// read by an asynchronous transform). A schema that turns out to have an asynchronous part throws in the
// synchronous parse, and is then parsed as the middleware would.
function parsedSynchronously<Schema extends object>(schema: Schema): Schema {
  return new Proxy(schema, {
    get(target, key, receiver) {
      if (key !== 'safeParseAsync') return Reflect.get(target, key, receiver) as unknown;
      const safeParse = Reflect.get(target, 'safeParse', receiver) as (data: unknown) => unknown;
      const safeParseAsync = Reflect.get(target, 'safeParseAsync', receiver) as (data: unknown) => Promise<unknown>;
      return (data: unknown) => {
        try {
          return Promise.resolve(safeParse(data));
        } catch {
          return safeParseAsync(data);
        }
      };
    },
  });
}

type RouteRequest = NonNullable<RouteConfig['request']>;

function requestParsedSynchronously(request: RouteRequest): RouteRequest {
  const synchronous: RouteRequest = { ...request };
  if (request.query) synchronous.query = parsedSynchronously(request.query);
  if (request.params) synchronous.params = parsedSynchronously(request.params);
  if (request.headers && !Array.isArray(request.headers)) synchronous.headers = parsedSynchronously(request.headers);
  if (request.cookies) synchronous.cookies = parsedSynchronously(request.cookies);
  const content = request.body?.content;
  if (request.body && content) {
    const types = Object.entries(content).map(([type, media]) => [
      type,
      /json/i.test(type) && media && 'schema' in media && media.schema ? { ...media, schema: parsedSynchronously(media.schema) } : media,
    ]);
    synchronous.body = { ...request.body, content: Object.fromEntries(types) as typeof content };
  }
  return synchronous;
}

/**
 * Every router is an OpenAPIHono with the one validation hook, so the document lists all routes; the document
 * gets each route as declared, the validators its schemas parsed synchronously.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const register = router.openapi;
  router.openapi = ((route: RouteConfig & { [UNPARSED_JSON_BODY]?: true }, ...rest: unknown[]) => {
    const { middleware: _middleware, hide, [UNPARSED_JSON_BODY]: unparsed, ...documented } = route;
    if (!hide) router.openAPIRegistry.registerPath(documented);
    const request = route.request && unparsed ? { ...route.request, body: undefined } : route.request;
    const validated = { ...route, hide: true, ...(request ? { request: requestParsedSynchronously(request) } : {}) };
    return (register as (...args: unknown[]) => unknown)(validated, ...rest);
  }) as typeof router.openapi;
  return router;
}

const UNPARSED_JSON_BODY = Symbol('unparsed JSON body');

/**
 * A route whose JSON body is documented with its schema but not parsed by the router: its handler takes the body
 * as text (`jsonBodyText`) and hands it to where it is parsed with that schema (a save's body to a validation
 * worker, whose issues answer as the router's would).
 */
export function withUnparsedJsonBody<Route extends RouteConfig>(route: Route): Route {
  return { ...route, [UNPARSED_JSON_BODY]: true };
}

// The media types a JSON body may be sent as (those @hono/zod-openapi lets through to a JSON body's validator).
const JSON_REQUEST = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

/**
 * The text of a route's JSON body (`withUnparsedJsonBody`), refused as the router refuses other JSON bodies: 415
 * when it is declared as another media type, or is not empty and declares none.
 */
export async function jsonBodyText(c: Context): Promise<string> {
  const type = c.req.header('content-type');
  const text = await c.req.text();
  if (type === undefined ? text.length > 0 : !JSON_REQUEST.test(type)) throw new HTTPException(415, { message: 'Unsupported Media Type' });
  return text;
}

/**
 * Lets go of the JSON body a handler has taken (`c.req.valid('json')`). Hono keeps the parsed body and the
 * validator's output for the request's whole life: a save's body (a scenario graph), held so by 50 saves in
 * flight, was copied by every young-generation collection of the server's thread until each was answered.
 */
export function releaseJsonBody(c: Context): void {
  c.req.bodyCache = {};
  c.req.addValidatedData('json', {});
}

/**
 * An answer whose JSON a service wrote as text (once, or with stored text inside it as it was stored), or as
 * that text's UTF-8 bytes when it is kept to be sent again. The contract types the answer as the parsed shape,
 * which the text is; the cast says so to the typed handler.
 */
export const jsonText = (c: Context, text: string | Uint8Array<ArrayBuffer>) => c.body(text, 200, { 'content-type': 'application/json' }) as never;

/**
 * An answer of JSON chunks written as its client takes them (the next chunk is asked for when the connection
 * has room): for answers too large to hold. A failure after the first chunk can no longer become an error
 * status: it is reported to `logError` and the connection is cut, so the client sees an incomplete answer.
 */
export function jsonChunks(c: Context, chunks: AsyncIterable<Uint8Array>, logError: (message: string, error: unknown) => void) {
  const iterator = chunks[Symbol.asyncIterator]();
  const where = `${c.req.method} ${c.req.path}`;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await iterator.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          logError(`Failed while streaming the answer to ${where}`, error);
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.(undefined);
      },
    },
    { highWaterMark: 0 },
  );
  return c.body(body, 200, { 'content-type': 'application/json' }) as never;
}
