import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { DeploymentLogger } from '@scenaria/deployment-sdk';
import type { InputSchemaCheck } from '@scenaria/engine';
import { inspectJsonText, MAX_JSON_DEPTH } from '@scenaria/graph';
import type { CanonicalProcess } from '@scenaria/graph';
import { isScenarioUnavailable } from '../errors';
import type { RunOutcome } from './run-outcome';

/** A deployed request-response scenario as the HTTP server sees it. */
export interface RequestResponseEndpoint {
  scenarioName: string;
  slug: string;
  scenario: CanonicalProcess;
  /** The scenario's `inputSchema`, compiled once when it was deployed (see `compileInputSchema`). */
  checkInput: InputSchemaCheck;
  /**
   * Runs one request (in the scenario's worker). Rejects with an error whose `code` says the scenario is
   * unavailable (its worker ran out of memory or time, or is restarting): the request then gets a 503.
   */
  run(input: unknown): Promise<RunOutcome>;
}

function parseSchema(text: string | undefined): Record<string, unknown> {
  if (!text || text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The OpenAPI 3.1 document of one scenario's endpoint, typed by its `inputSchema` and `outputSchema`
 * properties (JSON schemas).
 */
export function scenarioOpenApi(endpoint: Pick<RequestResponseEndpoint, 'scenario' | 'slug'>, serverUrl?: string): Record<string, unknown> {
  const properties = endpoint.scenario.metaData.additionalFields.properties ?? {};
  const input = parseSchema(properties['inputSchema']);
  const output = parseSchema(properties['outputSchema']);
  const description = endpoint.scenario.metaData.additionalFields.description ?? undefined;
  return {
    openapi: '3.1.0',
    info: { title: endpoint.scenario.metaData.id, version: '1', ...(description ? { description } : {}) },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    paths: {
      [`/scenario/${endpoint.slug}`]: {
        post: {
          operationId: `post-${endpoint.slug}`,
          requestBody: { required: true, content: { 'application/json': { schema: input } } },
          responses: {
            '200': { description: 'The response the scenario computed', content: { 'application/json': { schema: output } } },
            '400': { description: 'The body is not JSON or does not match the input schema' },
            '503': {
              description: 'The scenario is unavailable: its worker exceeded its memory or time budget for this request, or is restarting',
              content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } },
            },
            '500': {
              description: 'The scenario failed for this request',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { type: 'object', properties: { message: { type: 'string' }, nodeId: { type: 'string' } } } },
                },
              },
            },
          },
        },
      },
    },
  };
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** The path prefix request-response scenarios are served under, as the original's request-response server: `/scenario/{slug}`. */
export const SCENARIO_PATH_PREFIX = '/scenario';
const SCENARIO_PATH = /^\/scenario\/([^/]+)(\/definition)?\/?$/;

async function readBody(request: Request): Promise<string | undefined> {
  // A declared length over the limit is refused before a byte is read.
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return undefined;
  if (!request.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function json(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

// Node's HTTP server in front of the fetch-style handler, for the manager's own port.
async function toRequest(request: IncomingMessage, base: string): Promise<Request> {
  const method = request.method ?? 'GET';
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(request.url ?? '/', base), {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

async function writeResponse(answer: Response, response: ServerResponse): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  const headers: Record<string, string> = { 'content-length': String(body.length) };
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  response.writeHead(answer.status, headers);
  response.end(body);
}

/** How the handler is reached: the public base URL of the server it is mounted in (for the OpenAPI `servers`). */
export interface RequestResponseMount {
  /** e.g. `http://localhost:8080`; the handler serves `{baseUrl}/scenario/{slug}`. */
  baseUrl?: string;
}

/**
 * Every deployed request-response scenario, served by a fetch-style handler (`Request` to `Response`) that a
 * host server mounts at `/scenario/*`, or by the manager's own HTTP server when it has a port: `POST
 * /scenario/{slug}` with a JSON body answers the first response the scenario reaches (an empty list when
 * none is reached), `GET /scenario/{slug}` passes the query parameters as a record of strings, and `GET
 * /scenario/{slug}/definition` serves the endpoint's OpenAPI document.
 */
export class RequestResponseServer {
  private readonly endpoints = new Map<string, RequestResponseEndpoint>();
  private server: Server | undefined;
  private mountedAt: () => string | undefined = () => undefined;

  constructor(private readonly logger: DeploymentLogger) {}

  /** The endpoint served at `slug`, if any. */
  endpoint(slug: string): RequestResponseEndpoint | undefined {
    return this.endpoints.get(slug);
  }

  register(endpoint: RequestResponseEndpoint): void {
    this.endpoints.set(endpoint.slug, endpoint);
  }

  unregister(slug: string): void {
    this.endpoints.delete(slug);
  }

  /**
   * Records the public base URL of the host server that mounts `handle` (undefined: not mounted); a function
   * is asked each time, for a host whose URL is known only once it listens or changes with its configuration.
   */
  mount(baseUrl: string | (() => string | undefined) | undefined): void {
    this.mountedAt = typeof baseUrl === 'function' ? baseUrl : () => baseUrl;
  }

  /** The scenario that answers at `pathname` (`/scenario/{slug}[/definition]`), if any. */
  scenarioAt(pathname: string): string | undefined {
    const slug = SCENARIO_PATH.exec(pathname)?.[1];
    if (slug === undefined) return undefined;
    try {
      return this.endpoints.get(decodeURIComponent(slug))?.scenarioName;
    } catch {
      return undefined;
    }
  }

  async listen(port: number, host: string): Promise<void> {
    const server = createServer((request, response) => {
      const base = this.ownUrl() ?? `http://${host}`;
      toRequest(request, base)
        .then((fetchRequest) => this.handle(fetchRequest, { baseUrl: base }))
        .then((answer) => writeResponse(answer, response))
        .catch((error: unknown) => {
          if (!response.headersSent) {
            const body = JSON.stringify([{ message: `Internal error: ${String(error)}` }]);
            response.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
            response.end(body);
          } else response.destroy();
        });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
  }

  /** `http://host:port` of the manager's own HTTP server, once listening. */
  ownUrl(): string | undefined {
    const address = this.server?.address() as AddressInfo | null | undefined;
    if (!address) return undefined;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  }

  /**
   * The base URL scenarios answer at: the host server's when the handler is mounted there (one port serves
   * everything), else the manager's own server's.
   */
  url(): string | undefined {
    return this.mountedAt()?.replace(/\/+$/, '') ?? this.ownUrl();
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Answers one request to `/scenario/{slug}[/definition]` (the path as the host server received it). */
  async handle(request: Request, mount: RequestResponseMount = {}): Promise<Response> {
    const url = new URL(request.url);
    const match = SCENARIO_PATH.exec(url.pathname);
    let slug: string | undefined;
    try {
      slug = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
    } catch {
      return json(400, JSON.stringify({ message: `The path ${url.pathname} is not valid percent-encoding` }));
    }
    const endpoint = slug === undefined ? undefined : this.endpoints.get(slug);
    if (!match || !endpoint) return json(404, JSON.stringify({ message: `No scenario is deployed at ${url.pathname}` }));
    if (match[2]) {
      if (request.method !== 'GET') return json(405, JSON.stringify({ message: 'Use GET' }));
      return json(200, JSON.stringify(scenarioOpenApi(endpoint, mount.baseUrl ?? this.url())));
    }
    let input: unknown;
    if (request.method === 'POST') {
      const text = await readBody(request);
      if (text === undefined) return json(413, JSON.stringify({ message: `The request body is larger than the limit of ${MAX_BODY_BYTES} bytes` }));
      // Parsing deep JSON works, but the schema check and the scenario's steps after it recurse and would
      // overflow the stack: refused before the parse.
      if (inspectJsonText(text).tooDeep) return json(400, JSON.stringify({ message: `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels` }));
      try {
        input = JSON.parse(text);
      } catch {
        return json(400, JSON.stringify({ message: 'The request body is not JSON' }));
      }
    } else if (request.method === 'GET') {
      input = Object.fromEntries(url.searchParams);
    } else {
      return json(405, JSON.stringify({ message: 'Use POST (or GET with query parameters)' }));
    }
    const violations = endpoint.checkInput(input);
    if (violations.length > 0) return json(400, JSON.stringify({ message: 'The request does not match the input schema', violations }));
    let outcome: RunOutcome;
    try {
      outcome = await endpoint.run(input);
    } catch (error) {
      if (!isScenarioUnavailable(error)) throw error;
      return json(503, JSON.stringify({ message: error.message }), { 'retry-after': '1' });
    }
    for (const log of outcome.logs) this.logger.info('Scenario log', { scenarioName: endpoint.scenarioName, nodeId: log.nodeId, value: log.value });
    if (outcome.errors.length > 0) {
      return json(500, JSON.stringify(outcome.errors.map((e) => ({ message: e.message, nodeId: e.nodeId }))));
    }
    return json(200, outcome.response ?? '[]');
  }
}
