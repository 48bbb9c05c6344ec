import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { SCENARIO_PATH_PREFIX } from '@scenaria/dm-embedded';
import { securityHeaderValues } from './auth/security-headers';
import type { ConfigStore } from './config/config-store';
import { toApiError } from './errors';
import { BodyBudget, bodyLimitOf, readBodyWithinBudget, refuseInApp, urlProblem } from './routes/request-limits';
import type { DeploymentManagers } from './services/deployment-managers';
import { noScenarioAt } from './services/deployment-managers';

/** What the server's listener is built from (by `createApp`). */
export interface NodeListenerDeps {
  fetch: (request: Request) => Response | Promise<Response>;
  config: ConfigStore;
  managers: DeploymentManagers;
  logError: (message: string, error: unknown) => void;
}

function writeJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

// Node gives GET and HEAD requests no body whatever their headers say; others have one when they declare a
// length above zero or are sent chunked.
function carriesBody(request: IncomingMessage): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  if (request.headers['transfer-encoding'] !== undefined) return true;
  const declared = request.headers['content-length'];
  return declared !== undefined && declared !== '0';
}

/**
 * The HTTP server's listener. Requests under `/scenario/` (deployed request-response scenarios) are answered
 * by the deployment managers straight from node's request and response: building web Request, Headers and
 * Response objects for Hono cost more than a small scenario's whole run. They get the same rules as through
 * Hono (the request limits' `urlProblem` and `bodyLimitOf`, the security headers, JSON errors); everything
 * else goes to the Hono app, which also mounts `/scenario/*` for hosts that call `app.fetch` directly, with
 * its body read first under the server's budget of body bytes held at once (`readBodyWithinBudget`).
 */
export function createNodeListener(deps: NodeListenerDeps): RequestListener {
  const { config, managers, logError } = deps;
  const hono = getRequestListener(deps.fetch);
  const budget = new BodyBudget();
  // The app's bodies are read here, within their limits and the server's budget of bytes held at once, and handed
  // to the app whole (@hono/node-server reads a request's `rawBody` instead of its stream).
  const serveApp = (request: IncomingMessage, response: ServerResponse): void => {
    if (!carriesBody(request) || urlProblem(request.url ?? '/')) return void hono(request, response);
    const limits = config.current.requestLimits;
    // A body declared over its limit is refused by the app's own request limits, unread.
    const declared = request.headers['content-length'];
    if (declared !== undefined && request.headers['transfer-encoding'] === undefined && Number(declared) > bodyLimitOf(request.headers['content-type'] ?? '', limits).maxBytes) {
      return void hono(request, response);
    }
    readBodyWithinBudget(request, response, limits, budget).then(
      (read) => {
        // The rest of a refused body is read and dropped (`readBodyWithinBudget`): a client still sending reads
        // the answer when it is done, and the connection can carry its next request.
        if ('refusal' in read) refuseInApp(request, read.refusal);
        Object.assign(request, { rawBody: 'body' in read ? read.body : Buffer.alloc(0) });
        hono(request, response);
      },
      () => request.socket.destroy(),
    );
  };
  const serveScenario = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    for (const [name, value] of Object.entries(securityHeaderValues(config.current, null))) response.setHeader(name, value);
    const url = request.url ?? '/';
    const problem = urlProblem(url);
    if (problem) return writeJson(response, problem.status, { message: problem.message });
    const limits = config.current.requestLimits;
    const bodyLimit = { ...bodyLimitOf(request.headers['content-type'] ?? '', limits), budget: budget.shareFor(response, limits.maxBodyBytesInFlight) };
    if (!(await managers.handleNodeRequest(request, response, bodyLimit))) writeJson(response, 404, noScenarioAt(new URL(url, 'http://localhost').pathname));
  };
  return (request, response) => {
    if (!request.url?.startsWith(`${SCENARIO_PATH_PREFIX}/`)) return serveApp(request, response);
    serveScenario(request, response).catch((error: unknown) => {
      // A client that closed its connection mid-body left nobody to answer; that is not a bug of ours.
      if (request.socket.destroyed) return;
      const expected = toApiError(error);
      if (expected && !response.headersSent) {
        if (expected.retryAfterSeconds !== undefined) response.setHeader('retry-after', String(expected.retryAfterSeconds));
        return writeJson(response, expected.status, { message: expected.message });
      }
      logError(`Unhandled error on ${request.method} ${request.url}`, error);
      if (response.headersSent) response.destroy();
      else writeJson(response, 500, { message: 'Internal server error' });
    });
  };
}
