import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DeploymentLogger } from '@scenaria/deployment-sdk';
import { inspectJsonText, MAX_JSON_DEPTH } from '@scenaria/graph';
import type { CanonicalProcess } from '@scenaria/graph';
import { isScenarioUnavailable } from '../errors';
import type { InputSchemaCheck } from './json-schema-check';
import type { RunOutcome } from './run-outcome';

/** Where a request-response scenario is served: its `slug` property, else its name made URL-safe. */
export function scenarioSlug(scenario: CanonicalProcess): string {
  const property = scenario.metaData.additionalFields.properties?.['slug']?.trim();
  if (property) return property;
  return scenario.metaData.id.replace(/[^A-Za-z0-9._~-]+/g, '-');
}

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

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  // A declared length over the limit is refused before a byte is read.
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: string, contentType = 'application/json'): void {
  response.writeHead(status, { 'content-type': `${contentType}; charset=utf-8`, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/**
 * One HTTP server for every deployed request-response scenario: `POST /scenario/{slug}` with a JSON body
 * answers the first response the scenario reaches (an empty list when none is reached), `GET
 * /scenario/{slug}` passes the query parameters as a record of strings, and `GET
 * /scenario/{slug}/definition` serves the endpoint's OpenAPI document.
 */
export class RequestResponseServer {
  private readonly endpoints = new Map<string, RequestResponseEndpoint>();
  private server: Server | undefined;

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

  async listen(port: number, host: string): Promise<void> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) send(response, 500, JSON.stringify([{ message: `Internal error: ${String(error)}` }]));
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

  /** `http://host:port` once listening. */
  url(): string | undefined {
    const address = this.server?.address() as AddressInfo | null | undefined;
    if (!address) return undefined;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = /^\/scenario\/([^/]+)(\/definition)?\/?$/.exec(url.pathname);
    let slug: string | undefined;
    try {
      slug = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
    } catch {
      return send(response, 400, JSON.stringify({ message: `The path ${url.pathname} is not valid percent-encoding` }));
    }
    const endpoint = slug === undefined ? undefined : this.endpoints.get(slug);
    if (!match || !endpoint) return send(response, 404, JSON.stringify({ message: `No scenario is deployed at ${url.pathname}` }));
    if (match[2]) {
      if (request.method !== 'GET') return send(response, 405, JSON.stringify({ message: 'Use GET' }));
      return send(response, 200, JSON.stringify(scenarioOpenApi(endpoint, this.url())));
    }
    let input: unknown;
    if (request.method === 'POST') {
      const text = await readBody(request);
      if (text === undefined) return send(response, 413, JSON.stringify({ message: `The request body is larger than the limit of ${MAX_BODY_BYTES} bytes` }));
      // Parsing deep JSON works, but the schema check and the scenario's steps after it recurse and would
      // overflow the stack: refused before the parse.
      if (inspectJsonText(text).tooDeep) return send(response, 400, JSON.stringify({ message: `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels` }));
      try {
        input = JSON.parse(text);
      } catch {
        return send(response, 400, JSON.stringify({ message: 'The request body is not JSON' }));
      }
    } else if (request.method === 'GET') {
      input = Object.fromEntries(url.searchParams);
    } else {
      return send(response, 405, JSON.stringify({ message: 'Use POST (or GET with query parameters)' }));
    }
    const violations = endpoint.checkInput(input);
    if (violations.length > 0) return send(response, 400, JSON.stringify({ message: 'The request does not match the input schema', violations }));
    let outcome: RunOutcome;
    try {
      outcome = await endpoint.run(input);
    } catch (error) {
      if (!isScenarioUnavailable(error)) throw error;
      response.setHeader('retry-after', '1');
      return send(response, 503, JSON.stringify({ message: error.message }));
    }
    for (const log of outcome.logs) this.logger.info('Scenario log', { scenarioName: endpoint.scenarioName, nodeId: log.nodeId, value: log.value });
    if (outcome.errors.length > 0) {
      return send(response, 500, JSON.stringify(outcome.errors.map((e) => ({ message: e.message, nodeId: e.nodeId }))));
    }
    return send(response, 200, outcome.response ?? '[]');
  }
}
