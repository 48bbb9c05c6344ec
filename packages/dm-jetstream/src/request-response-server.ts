import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DeploymentLogger } from '@scenaria/deployment-sdk';
import { inspectJsonText, MAX_JSON_DEPTH, scenarioSlug } from '@scenaria/graph';
import type { StoredDeployment } from './coordination';
import { prepareScenario, responseOf } from './scenario';
import type { RunnableScenario, ScenarioCompileOptions } from './scenario';

/** The path prefix request-response scenarios answer under (as with the embedded manager). */
export const SCENARIO_PATH_PREFIX = '/scenario/';
const MAX_BODY_BYTES = 1024 * 1024;

interface Endpoint {
  deploymentId: string;
  scenarioName: string;
  runnable: RunnableScenario;
  // A compiled scenario is not re-entrant: its requests run one after another.
  queue: Promise<unknown>;
}

/**
 * A worker's HTTP server for request-response scenarios: every worker serves every deployed one, so workers
 * are copies behind a load balancer (no partitions, no state). `POST /scenario/{slug}` with a JSON body answers
 * the first response sink's value (`[]` when none is reached; 413 for a body that is too large; 400 for one that is
 * not JSON, nests too deep or breaks the scenario's `inputSchema`, with the violations as the embedded manager lists them;
 * 500 with `[{message, nodeId}]` when the scenario fails for the request); `GET` passes the query parameters.
 */
export class RequestResponseServer {
  private readonly endpoints = new Map<string, Endpoint>();
  private server: Server | undefined;

  constructor(
    private readonly compileOptions: ScenarioCompileOptions,
    private readonly logger: DeploymentLogger,
  ) {}

  async listen(port: number, host: string): Promise<void> {
    const server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
  }

  /** `http://host:port` of the server, undefined before `listen`. */
  url(): string | undefined {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address ? `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` : undefined;
  }

  /** Serves exactly these deployments (compiling new ones, dropping canceled ones); answers the problems per scenario. */
  sync(deployments: readonly StoredDeployment[]): { scenarioName: string; deploymentId: string; message: string }[] {
    const problems: { scenarioName: string; deploymentId: string; message: string }[] = [];
    const wanted = new Map(deployments.map((d) => [scenarioSlug(d.scenario), d]));
    for (const [slug, endpoint] of this.endpoints) {
      if (wanted.get(slug)?.deploymentId !== endpoint.deploymentId) this.endpoints.delete(slug);
    }
    for (const [slug, deployment] of wanted) {
      if (this.endpoints.has(slug)) continue;
      const prepared = prepareScenario(deployment.scenario, this.compileOptions);
      if (!prepared.ok) {
        problems.push({ scenarioName: deployment.scenarioName, deploymentId: deployment.deploymentId, message: `does not compile here: ${prepared.errors.map((e) => e.message).join('; ')}` });
        continue;
      }
      this.endpoints.set(slug, { deploymentId: deployment.deploymentId, scenarioName: deployment.scenarioName, runnable: prepared.value, queue: Promise.resolve() });
    }
    return problems;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    try {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (!url.pathname.startsWith(SCENARIO_PATH_PREFIX)) return answer(404, { message: 'Not found' });
      let slug: string;
      try {
        slug = decodeURIComponent(url.pathname.slice(SCENARIO_PATH_PREFIX.length));
      } catch {
        return answer(404, { message: `No scenario is deployed at ${url.pathname}` });
      }
      const endpoint = this.endpoints.get(slug);
      if (!endpoint) return answer(404, { message: `No scenario is deployed at ${url.pathname}` });
      let input: unknown;
      if (request.method === 'GET') input = Object.fromEntries(url.searchParams);
      else if (request.method === 'POST') {
        const body = await readBody(request);
        if (body === undefined) return answer(413, { message: `The body is over ${MAX_BODY_BYTES} bytes` });
        // The schema check and the scenario's steps recurse over the value: deep JSON is refused before the parse.
        if (inspectJsonText(body).tooDeep) return answer(400, { message: `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels` });
        try {
          input = JSON.parse(body);
        } catch {
          return answer(400, { message: 'The body is not JSON' });
        }
      } else return answer(405, { message: 'Use POST (JSON body) or GET (query parameters)' });
      // Compiled with the scenario, once per deployment (the same check and answer as the embedded manager's).
      const violations = endpoint.runnable.checkInput(input);
      if (violations.length > 0) return answer(400, { message: 'The request does not match the input schema', violations });
      const sourceId = endpoint.runnable.requestSourceId as string;
      const run = endpoint.queue.then(() => endpoint.runnable.compiled.processRecord(sourceId, input));
      endpoint.queue = run.catch(() => undefined);
      const scope = await run;
      if (scope.errors.length > 0) return answer(500, scope.errors.map((e) => ({ message: e.message, nodeId: e.nodeId })));
      return answer(200, responseOf(scope) ?? '[]');
    } catch (error) {
      this.logger.error('Request failed', { error: String(error) });
      if (!response.headersSent) answer(500, [{ message: 'The scenario failed' }]);
    }
  }
}

/** The body as text, or undefined when it is over the limit (reading stops there). */
function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Past the limit the rest is read and dropped, so the client still gets its 413.
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
