import type { OpenAPIHono } from '@hono/zod-openapi';
import { fromCanonical } from '@scenaria/graph';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { ConfigStore } from '../config/config-store';
import type { DeploymentManagers } from '../services/deployment-managers';
import type { AppEnv } from './router';

/**
 * Prometheus metrics at `/metrics` (outside `/api`, no login, as scrapers expect): per-node record counters of
 * every deployed scenario, each node present from the start (0 before its first record) so rates are defined.
 */
export function mountMetrics(app: OpenAPIHono<AppEnv>, managers: DeploymentManagers, config: ConfigStore): void {
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
    await refresh();
    return c.text(await registry.metrics(), 200, { 'content-type': registry.contentType });
  });
}
