import { createHash, timingSafeEqual } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { fromCanonical } from '@scenaria/graph';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Authentication } from '../auth/request-user';
import type { ConfigStore } from '../config/config-store';
import type { DeploymentManagers } from '../services/deployment-managers';
import type { AppEnv } from './router';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may scrape (`metrics` in the configuration): the names of scenarios and nodes and the process figures
 * tell an outsider about the installation, so by default only an admin's basic credentials or the configured
 * bearer token open it. Answers the refusal, or undefined when the request may read the metrics.
 */
async function guardMetrics(c: Context, config: ConfigStore, authentication: Authentication): Promise<Response | undefined> {
  const settings = config.current.metrics;
  if (!settings.enabled) return c.json({ message: 'Metrics are disabled (metrics.enabled)' }, 404);
  if (settings.public) return undefined;
  const authorization = c.req.header('authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
  if (bearer !== undefined) {
    // Digests of equal length, so the comparison takes the same time whatever the sent token is.
    if (settings.bearerToken !== undefined && timingSafeEqual(digest(bearer), digest(settings.bearerToken))) return undefined;
  }
  // With a token provider a bearer token may also be an admin's sign-in.
  if (bearer !== undefined && authentication.provider.challengeScheme === 'Basic') {
    c.header('WWW-Authenticate', 'Bearer realm="Scenaria metrics"');
    return c.json({ message: 'The supplied authentication is invalid' }, 401);
  }
  const result = await authentication.requestUser(c);
  if (result.kind === 'user' && !result.user.isAnonymous) {
    return result.user.isAdmin ? undefined : c.json({ message: 'Reading metrics needs an admin or the metrics token' }, 403);
  }
  return authentication.refuse(c, result.kind === 'user' ? { kind: 'unauthorized', hadCredentials: false } : result);
}

/**
 * Prometheus metrics at `/metrics` (outside `/api`, where scrapers expect them; guarded by `guardMetrics`):
 * per-node record counters of every deployed scenario, each node present from the start (0 before its first
 * record) so rates are defined.
 */
export function mountMetrics(app: OpenAPIHono<AppEnv>, managers: DeploymentManagers, config: ConfigStore, authentication: Authentication): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['scenario', 'node'] as const;
  const recordsIn = new Gauge({ name: 'scenaria_node_records_in_total', help: 'Records that entered the node since the deployment started', labelNames, registers: [registry] });
  const recordsOut = new Gauge({ name: 'scenaria_node_records_out_total', help: 'Records the node passed on or wrote', labelNames, registers: [registry] });
  const errors = new Gauge({ name: 'scenaria_node_errors_total', help: 'Records that failed in the node', labelNames, registers: [registry] });

  const refresh = async () => {
    recordsIn.reset();
    recordsOut.reset();
    errors.reset();
    const deployed = await managers.deployedScenarios();
    const countsByManager = new Map<unknown, Map<string, Record<string, { recordsIn: number; recordsOut: number; errors: number }>>>();
    for (const processingType of Object.keys(config.current.processingTypes)) {
      const manager = await managers.managerFor(processingType);
      if (manager?.allNodeCounts && !countsByManager.has(manager)) countsByManager.set(manager, await manager.allNodeCounts());
    }
    for (const scenario of deployed) {
      const name = scenario.processVersion.processName;
      let counts: Record<string, { recordsIn: number; recordsOut: number; errors: number }> = {};
      for (const all of countsByManager.values()) counts = all.get(name) ?? counts;
      for (const node of fromCanonical(scenario.scenario).graph.nodes) {
        const count = counts[node.id];
        const labels = { scenario: name, node: node.id };
        recordsIn.set(labels, count?.recordsIn ?? 0);
        recordsOut.set(labels, count?.recordsOut ?? 0);
        errors.set(labels, count?.errors ?? 0);
      }
    }
  };

  app.get('/metrics', async (c) => {
    const refusal = await guardMetrics(c, config, authentication);
    if (refusal) return refusal;
    await refresh();
    return c.text(await registry.metrics(), 200, { 'content-type': registry.contentType });
  });
}
