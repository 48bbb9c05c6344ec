import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/**
 * A host's own limit on request bodies, stricter than the manager's 10 MB: over `maxBytes` the request is
 * answered 413 with `message` (the host's wording, naming its setting).
 */
export interface RequestBodyLimit {
  maxBytes: number;
  message: string;
  /**
   * The host's budget of body bytes held at once across its requests: each chunk is taken from it as it arrives,
   * and a chunk that does not fit answers the request 503 with Retry-After and `message`. The host gives the
   * bytes back when the response closes.
   */
  budget?: BodyBudgetShare;
}

/** A request's share of its host's budget of body bytes (`RequestBodyLimit.budget`). */
export interface BodyBudgetShare {
  /** Takes `bytes` for this request; false when they do not fit (then nothing is taken). */
  take(bytes: number): boolean;
  message: string;
}

const OWN_BODY_LIMIT: RequestBodyLimit = { maxBytes: MAX_BODY_BYTES, message: `The request body is larger than the limit of ${MAX_BODY_BYTES} bytes` };

/** An answer before it is written: as a web `Response` (`handle`) or on node's `ServerResponse` (`handleNode`). */
interface Answer {
  status: number;
  body: string;
  /** The body was not read to its end: the connection is closed after the answer rather than reused. */
  closeConnection?: boolean;
  retryAfter?: string;
}

const answer = (status: number, body: string): Answer => ({ status, body });
const message = (status: number, text: string): Answer => ({ status, body: JSON.stringify({ message: text }) });

/** A body as read: its text, or why its reading stopped (the rest is then not read). */
type ReadBody = { text: string } | { refused: 'tooLarge' | 'overBudget' };

/**
 * A request as the answering core needs it, from either kind of server. `readBody` reads the body within
 * `maxBytes`, each chunk taken from `budget` when there is one.
 */
interface RequestParts {
  method: string;
  pathname: string;
  /** The query string without its `?`. */
  query: string;
  readBody(maxBytes: number, budget: BodyBudgetShare | undefined): Promise<ReadBody>;
}

// Why a chunk stops the reading, if it does: over the body's limit, or over the host's budget.
function refusalOf(size: number, chunkBytes: number, maxBytes: number, budget: BodyBudgetShare | undefined): 'tooLarge' | 'overBudget' | undefined {
  if (size > maxBytes) return 'tooLarge';
  if (budget && !budget.take(chunkBytes)) return 'overBudget';
  return undefined;
}

async function readWebBody(request: Request, maxBytes: number, budget: BodyBudgetShare | undefined): Promise<ReadBody> {
  // A declared length over the limit is refused before a byte is read.
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return { refused: 'tooLarge' };
  if (!request.body) return { text: '' };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    const refused = refusalOf(size, value.byteLength, maxBytes, budget);
    if (refused) {
      await reader.cancel();
      return { refused };
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString('utf8') };
}

function readNodeBody(request: IncomingMessage, maxBytes: number, budget: BodyBudgetShare | undefined): Promise<ReadBody> {
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) return Promise.resolve({ refused: 'tooLarge' });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      const refused = refusalOf(size, chunk.length, maxBytes, budget);
      if (!refused) return void chunks.push(chunk);
      // The rest is not read: the answer closes the connection.
      request.off('data', onData).off('end', onEnd).off('error', reject);
      request.pause();
      resolve({ refused });
    };
    const onEnd = () => resolve({ text: chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8') });
    request.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

const JSON_TYPE = 'application/json; charset=utf-8';

function toResponse(answer: Answer): Response {
  const headers: Record<string, string> = { 'content-type': JSON_TYPE };
  if (answer.retryAfter) headers['retry-after'] = answer.retryAfter;
  return new Response(answer.body, { status: answer.status, headers });
}

function writeAnswer(answer: Answer, response: ServerResponse): void {
  const headers: Record<string, string | number> = { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(answer.body) };
  if (answer.retryAfter) headers['retry-after'] = answer.retryAfter;
  if (answer.closeConnection) headers['connection'] = 'close';
  response.writeHead(answer.status, headers);
  response.end(answer.body);
}

// Plain segments need no URL parse; a path with dot segments or other characters goes through one, so
// both servers see the path a WHATWG URL would.
const PLAIN_PATH = /^[A-Za-z0-9/_~%-]*$/;

function nodeRequestParts(request: IncomingMessage): RequestParts {
  const target = request.url ?? '/';
  const mark = target.indexOf('?');
  const rawPath = mark < 0 ? target : target.slice(0, mark);
  return {
    method: request.method ?? 'GET',
    pathname: PLAIN_PATH.test(rawPath) ? rawPath : new URL(rawPath, 'http://localhost').pathname,
    query: mark < 0 ? '' : target.slice(mark + 1),
    readBody: (maxBytes, budget) => readNodeBody(request, maxBytes, budget),
  };
}

/** How the handler is reached: the public base URL of the server it is mounted in (for the OpenAPI `servers`). */
export interface RequestResponseMount {
  /** e.g. `http://localhost:8080`; the handler serves `{baseUrl}/scenario/{slug}`. */
  baseUrl?: string;
  /** The host's body limit when stricter than the manager's own. */
  bodyLimit?: RequestBodyLimit;
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
      this.handleNode(request, response, { baseUrl: this.ownUrl() ?? `http://${host}` }).catch((error: unknown) => {
        if (!response.headersSent) writeAnswer({ status: 500, body: JSON.stringify([{ message: `Internal error: ${String(error)}` }]) }, response);
        else response.destroy();
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
    const parts: RequestParts = { method: request.method, pathname: url.pathname, query: url.search.slice(1), readBody: (maxBytes, budget) => readWebBody(request, maxBytes, budget) };
    return toResponse(await this.answer(parts, mount));
  }

  /**
   * `handle` for a node HTTP server: reads the body from the stream and writes the answer on `response`, with
   * no web `Request` or `Response` in between (they cost more than the scenario on small requests). Rejects
   * only on a bug, before anything was written.
   */
  async handleNode(request: IncomingMessage, response: ServerResponse, mount: RequestResponseMount = {}): Promise<void> {
    writeAnswer(await this.answer(nodeRequestParts(request), mount), response);
  }

  // The one answering core of both servers: statuses, bodies and headers cannot drift apart.
  private async answer(request: RequestParts, mount: RequestResponseMount): Promise<Answer> {
    const { pathname } = request;
    const match = SCENARIO_PATH.exec(pathname);
    let slug: string | undefined;
    try {
      slug = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
    } catch {
      return message(400, `The path ${pathname} is not valid percent-encoding`);
    }
    const endpoint = slug === undefined ? undefined : this.endpoints.get(slug);
    if (!match || !endpoint) return message(404, `No scenario is deployed at ${pathname}`);
    if (match[2]) {
      if (request.method !== 'GET') return message(405, 'Use GET');
      return answer(200, JSON.stringify(scenarioOpenApi(endpoint, mount.baseUrl ?? this.url())));
    }
    let input: unknown;
    if (request.method === 'POST') {
      const limit = mount.bodyLimit && mount.bodyLimit.maxBytes < OWN_BODY_LIMIT.maxBytes ? mount.bodyLimit : OWN_BODY_LIMIT;
      const budget = mount.bodyLimit?.budget;
      const body = await request.readBody(limit.maxBytes, budget);
      if ('refused' in body) {
        if (body.refused === 'tooLarge') return { ...message(413, limit.message), closeConnection: true };
        return { ...message(503, budget?.message ?? 'Too many request bodies at once'), retryAfter: '1', closeConnection: true };
      }
      const { text } = body;
      // Parsing deep JSON works, but the schema check and the scenario's steps after it recurse and would
      // overflow the stack: refused before the parse.
      if (inspectJsonText(text).tooDeep) return message(400, `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`);
      try {
        input = JSON.parse(text);
      } catch {
        return message(400, 'The request body is not JSON');
      }
    } else if (request.method === 'GET') {
      input = Object.fromEntries(new URLSearchParams(request.query));
    } else {
      return message(405, 'Use POST (or GET with query parameters)');
    }
    const violations = endpoint.checkInput(input);
    if (violations.length > 0) return answer(400, JSON.stringify({ message: 'The request does not match the input schema', violations }));
    let outcome: RunOutcome;
    try {
      outcome = await endpoint.run(input);
    } catch (error) {
      if (!isScenarioUnavailable(error)) throw error;
      return { ...message(503, error.message), retryAfter: '1' };
    }
    for (const log of outcome.logs) this.logger.info('Scenario log', { scenarioName: endpoint.scenarioName, nodeId: log.nodeId, value: log.value });
    if (outcome.errors.length > 0) return answer(500, JSON.stringify(outcome.errors.map((e) => ({ message: e.message, nodeId: e.nodeId }))));
    return answer(200, outcome.response ?? '[]');
  }
}
