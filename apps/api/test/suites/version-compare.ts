import { describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { NodeData, ScenarioGraph } from '@scenaria/graph';
import type { TestServer } from '../harness';
import { streamingGraph } from '../graphs';
import { expectError, expectGuarded } from './expect-helpers';

const SCENARIO = 'compare-me';
const at = (versionId: number, otherVersionId: number, scenarioName = SCENARIO) => ({ params: { scenarioName, versionId, otherVersionId } });
const placed = (graph: ScenarioGraph, shift: number): ScenarioGraph => ({
  ...graph,
  nodes: graph.nodes.map((node, i) => ({ ...node, additionalFields: { layoutData: { x: shift, y: i * 130 } } }) as NodeData),
});

/** `GET /api/processes/{name}/{versionId}/compare/{otherVersionId}` over saved versions. */
export function versionCompareSuite(server: () => TestServer): void {
  describe('version compare', () => {
    // v1: the base; v2: every node moved; v3: v2 with the variable changed, the sink removed and a new sink added.
    const v1 = placed(streamingGraph('cmp'), 0);
    const v2 = placed(streamingGraph('cmp'), 400);
    const v3: ScenarioGraph = {
      ...v2,
      nodes: [
        v2.nodes[0]!,
        { ...v2.nodes[1], value: { language: 'spel', expression: "'changed'" } } as NodeData,
        { type: 'Sink', id: 'out', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: { language: 'spel', expression: '#marker' } }] } },
      ],
      edges: [v2.edges[0]!, { from: 'marker', to: 'out', edgeType: null }],
    };

    test('saved versions: layout-only gives nothing, changes are reported in the original shape', async () => {
      expect((await server().call('writer', api.createScenario, { json: { name: SCENARIO, isFragment: false, category: 'Default' } })).status).toBe(201);
      for (const graph of [v1, v2, v3]) {
        const saved = await server().call('writer', api.updateScenario, { params: { scenarioName: SCENARIO }, json: { scenarioGraph: graph } });
        expect(saved.ok && saved.data.isNewVersion).toBe(true);
      }
      // Versions 2, 3, 4 (version 1 is the empty scenario of the create).
      const moved = await server().call('reader', api.compareScenarioVersions, at(2, 3));
      expect(moved).toMatchObject({ ok: true, status: 200, data: {} });

      const changed = await server().call('reader', api.compareScenarioVersions, at(3, 4));
      expect(changed.ok).toBe(true);
      const data = changed.ok ? changed.data : {};
      expect(Object.keys(data).sort()).toEqual(["Edge from 'marker' to 'out'", "Edge from 'marker' to 'sink'", "Node 'marker'", "Node 'out'", "Node 'sink'"]);
      expect(data["Node 'marker'"]).toMatchObject({ type: 'NodeDifferent', nodeId: 'marker', currentNode: { value: { expression: "'cmp'" } }, otherNode: { value: { expression: "'changed'" } } });
      expect(data["Node 'sink'"]).toMatchObject({ type: 'NodeNotPresentInOther', nodeId: 'sink', currentNode: { id: 'sink', type: 'Sink' } });
      expect(data["Node 'out'"]).toMatchObject({ type: 'NodeNotPresentInCurrent', nodeId: 'out', otherNode: { id: 'out', type: 'Sink' } });
      expect(data["Edge from 'marker' to 'sink'"]).toMatchObject({ type: 'EdgeNotPresentInOther', fromId: 'marker', toId: 'sink', currentEdge: { from: 'marker', to: 'sink' } });
      expect(data["Edge from 'marker' to 'out'"]).toMatchObject({ type: 'EdgeNotPresentInCurrent', fromId: 'marker', toId: 'out', otherEdge: { from: 'marker', to: 'out' } });

      // The other way round swaps "current" and "other"; a version against itself has no difference.
      const reverse = await server().call('reader', api.compareScenarioVersions, at(4, 3));
      expect(reverse.ok && reverse.data["Node 'out'"]?.type).toBe('NodeNotPresentInOther');
      expect(await server().call('reader', api.compareScenarioVersions, at(4, 4))).toMatchObject({ ok: true, data: {} });

      // The empty first version differs from the graph in nodes, edges and properties.
      const fromEmpty = await server().call('reader', api.compareScenarioVersions, at(1, 2));
      expect(fromEmpty.ok && fromEmpty.data.Properties).toMatchObject({
        type: 'PropertiesDifferent',
        otherProperties: { additionalFields: { description: 'graph cmp' } },
      });
      expect(fromEmpty.ok && Object.values(fromEmpty.data).filter((d) => d.type === 'NodeNotPresentInCurrent')).toHaveLength(3);
    });

    test('unknown versions and scenarios are 404, malformed ids 400, rights are checked', async () => {
      expectError(await server().call('reader', api.compareScenarioVersions, at(2, 99)), 404, /version 99 not found/);
      expectError(await server().call('reader', api.compareScenarioVersions, at(99, 2)), 404, /version 99 not found/);
      expectError(await server().call('reader', api.compareScenarioVersions, at(1, 2, 'no-such-scenario')), 404);
      expectError(await server().call('reader', api.compareScenarioVersions, at(1, 'two' as never)), 400, /otherVersionId/);
      expectError(await server().call('reader', api.compareScenarioVersions, at(0, 1)), 400, /versionId/);
      expectError(await server().call('reader', api.compareScenarioVersions, at(1.5, 1)), 400, /versionId/);
      // Beyond the stored integer range: bad input, never a failed query.
      expectError(await server().call('reader', api.compareScenarioVersions, at(2, 2 ** 31)), 400, /otherVersionId/);
      expectError(await server().call('reader', api.compareScenarioVersions, at(2 ** 53 + 2, 2)), 400, /versionId/);
      expect((await server().call('reader', api.compareScenarioVersions, at(2, 2 ** 31 - 1))).status).toBe(404);
      await expectGuarded(server(), api.compareScenarioVersions, at(2, 3), 'outsider');
    });
  });
}
