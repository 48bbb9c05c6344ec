import { describe, expect, test } from 'vitest';
import * as api from '@scenaria/api-contract';
import type { StoredTestSuite } from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import type { TestServer } from '../harness';
import { expectError, expectGuarded } from './expect-helpers';

const spel = (expression: string) => ({ language: 'spel', expression });

/** Amounts above `threshold` go to the `large` sink, the others to `small`. */
export function thresholdGraph(threshold: number): ScenarioGraph {
  return {
    properties: {
      additionalFields: { description: null, properties: { parallelism: '1' }, metaDataType: 'StreamMetaData', showDescription: false },
    },
    nodes: [
      { type: 'Source', id: 'amounts', ref: { typ: 'event-generator', parameters: [{ name: 'value', expression: spel('1') }] } },
      { type: 'Filter', id: 'is large', expression: spel(`#input > ${threshold}`), isDisabled: null },
      { type: 'Sink', id: 'large', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('#input') }] } },
      { type: 'Sink', id: 'small', ref: { typ: 'logging', parameters: [{ name: 'Value', expression: spel('#input') }] } },
    ],
    edges: [
      { from: 'amounts', to: 'is large', edgeType: null },
      { from: 'is large', to: 'large', edgeType: { type: 'FilterTrue' } },
      { from: 'is large', to: 'small', edgeType: { type: 'FilterFalse' } },
    ],
  } as unknown as ScenarioGraph;
}

/** Two tests: 50 is large (passes at threshold 10), 8 is large (fails at 10, passes at 5). */
export const thresholdSuite: StoredTestSuite = {
  description: 'Large amounts are logged apart',
  tests: [
    { name: 'fifty is large', inputs: { amounts: [50] }, expect: { sinks: { large: [50], small: [] } } },
    { name: 'eight is large', inputs: { amounts: [8] }, expect: { sinks: { large: [8] } } },
  ],
};

/** Test suites stored with a scenario: storing, listing, running in the engine, rights, activities, bad input. */
export function testSuiteSuite(server: () => TestServer): void {
  describe('stored test suites', () => {
    const name = 'suited';
    const suitePath = { scenarioName: name, suiteName: 'thresholds' };

    test('a suite is stored, listed, read back and run against the latest version with coverage', async () => {
      const s = server();
      expect((await s.call('writer', api.createScenario, { json: { name, isFragment: false, category: 'Default' } })).status).toBe(201);
      expect((await s.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: thresholdGraph(10) } })).status).toBe(200);

      const stored = await s.call('writer', api.putTestSuite, { params: suitePath, json: thresholdSuite });
      expect(stored.status, JSON.stringify(!stored.ok && stored.error)).toBe(200);
      expect(stored.ok && [stored.data.name, stored.data.testCount, stored.data.modifiedBy, stored.data.suite]).toEqual(['thresholds', 2, 'writer', thresholdSuite]);

      const listed = await s.call('reader', api.listTestSuites, { params: { scenarioName: name } });
      expect(listed.ok && listed.data.map((suite) => [suite.name, suite.testCount, suite.description])).toEqual([['thresholds', 2, 'Large amounts are logged apart']]);
      const read = await s.call('reader', api.getTestSuite, { params: suitePath });
      expect(read.ok && read.data.suite).toEqual(thresholdSuite);

      const report = await s.call('reader', api.runStoredTestSuite, { params: suitePath });
      expect(report.status, JSON.stringify(!report.ok && report.error)).toBe(200);
      if (!report.ok) return;
      expect(report.data.tests.map((entry) => [entry.name, entry.status])).toEqual([
        ['fifty is large', 'passed'],
        ['eight is large', 'failed'],
      ]);
      expect(report.data.tests[1]!.messages.join('\n')).toMatch(/sinks\.large/);
      expect([report.data.passed, report.data.failed, report.data.errors]).toEqual([1, 1, 0]);
      // Both records took both branches between them: every node and branch is covered.
      expect(report.data.coverage.nodes).toEqual({ total: 4, covered: 4, uncovered: [] });
      expect(report.data.coverage.branches.total).toBe(2);
      expect(report.data.coverage.branches.covered).toBe(2);

      // The run takes the scenario as it is now: with a lower threshold both tests pass.
      expect((await s.call('writer', api.updateScenario, { params: { scenarioName: name }, json: { scenarioGraph: thresholdGraph(5) } })).status).toBe(200);
      const again = await s.call('reader', api.runStoredTestSuite, { params: suitePath });
      expect(again.ok && [again.data.passed, again.data.failed, again.data.coverage.branches.uncovered]).toEqual([2, 0, [{ from: 'is large', to: 'small', branch: 'false' }]]);
    });

    test('changes are activities; a replaced suite keeps its creator; a deleted one is gone', async () => {
      const s = server();
      const replaced = await s.call('admin', api.putTestSuite, { params: suitePath, json: { tests: thresholdSuite.tests.slice(0, 1) } });
      expect(replaced.ok && [replaced.data.testCount, replaced.data.createdBy, replaced.data.modifiedBy, replaced.data.description]).toEqual([1, 'writer', 'admin', undefined]);
      expect((await s.call('writer', api.deleteTestSuite, { params: suitePath })).status).toBe(200);
      expectError(await s.call('reader', api.getTestSuite, { params: suitePath }), 404, /thresholds/);
      expectError(await s.call('writer', api.deleteTestSuite, { params: suitePath }), 404);
      expectError(await s.call('reader', api.runStoredTestSuite, { params: suitePath }), 404);
      const listed = await s.call('reader', api.listTestSuites, { params: { scenarioName: name } });
      expect(listed.ok && listed.data).toEqual([]);

      const activities = await s.call('reader', api.listActivities, { params: { scenarioName: name } });
      const changes = (activities.ok ? activities.data.activities : [])
        .filter((activity) => activity.type === 'CUSTOM_ACTION')
        .map((activity) => [activity.user, Object.fromEntries(activity.additionalFields.map((field) => [field.name, field.value]))]);
      expect(changes).toEqual([
        ['writer', { actionName: 'TEST_SUITE_SAVED', testSuite: 'thresholds' }],
        ['admin', { actionName: 'TEST_SUITE_SAVED', testSuite: 'thresholds' }],
        ['writer', { actionName: 'TEST_SUITE_DELETED', testSuite: 'thresholds' }],
      ]);
    });

    test('rights: Read lists, reads and runs; Write stores and deletes', async () => {
      const s = server();
      expect((await s.call('writer', api.putTestSuite, { params: suitePath, json: thresholdSuite })).status).toBe(200);
      expectError(await s.call('reader', api.putTestSuite, { params: suitePath, json: thresholdSuite }), 403);
      expectError(await s.call('reader', api.deleteTestSuite, { params: suitePath }), 403);
      await expectGuarded(s, api.listTestSuites, { params: { scenarioName: name } }, 'outsider');
      await expectGuarded(s, api.getTestSuite, { params: suitePath }, 'outsider');
      await expectGuarded(s, api.putTestSuite, { params: suitePath, json: thresholdSuite }, 'outsider');
      await expectGuarded(s, api.deleteTestSuite, { params: suitePath }, 'outsider');
      await expectGuarded(s, api.runStoredTestSuite, { params: suitePath }, 'outsider');
      // Still there: none of the refused calls changed anything.
      expect((await s.call('reader', api.getTestSuite, { params: suitePath })).status).toBe(200);
    });

    test('bad input is a 400 naming the field; unknown scenarios 404', async () => {
      const s = server();
      expectError(await s.call('writer', api.putTestSuite, { params: suitePath, json: { tests: [] } }), 400, /tests/);
      const duplicated = { tests: [thresholdSuite.tests[0]!, thresholdSuite.tests[0]!] };
      expectError(await s.call('writer', api.putTestSuite, { params: suitePath, json: duplicated }), 400, /Duplicate test name/);
      expectError(await s.call('writer', api.putTestSuite, { params: suitePath, json: { ...thresholdSuite, scenario: 'x.json' } as never }), 400);
      expectError(await s.call('writer', api.putTestSuite, { params: { scenarioName: name, suiteName: '../etc' }, json: thresholdSuite }), 400, /suiteName/);
      expectError(await s.call('reader', api.listTestSuites, { params: { scenarioName: 'no-such-scenario' } }), 404);
      expectError(await s.call('reader', api.getTestSuite, { params: { scenarioName: name, suiteName: 'no such suite' } }), 404);
      expectError(await s.call('reader', api.runStoredTestSuite, { params: { scenarioName: name, suiteName: 'no such suite' } }), 404);
      expectError(await s.call('writer', api.deleteTestSuite, { params: { scenarioName: name, suiteName: '-leading dash' } }), 400, /suiteName/);
      // A stored suite is run on the server: it is held to fewer records than a file.
      const heavy = { tests: Array.from({ length: 6 }, (_, index) => ({ name: `t${index}`, inputs: { amounts: Array.from({ length: 1000 }, () => 1) }, expect: {} })) };
      expectError(await s.call('writer', api.putTestSuite, { params: { scenarioName: name, suiteName: 'heavy' }, json: heavy }), 400, /at most 5000 records/);
      // A test naming a node the scenario lacks is an error of that test, not of the request.
      const unknownSource = { tests: [{ name: 'wrong source', inputs: { nowhere: [1] }, expect: {} }] };
      expect((await s.call('writer', api.putTestSuite, { params: { scenarioName: name, suiteName: 'wrong' }, json: unknownSource })).status).toBe(200);
      const report = await s.call('reader', api.runStoredTestSuite, { params: { scenarioName: name, suiteName: 'wrong' } });
      expect(report.ok && [report.data.errors, report.data.tests[0]!.messages]).toEqual([1, ['inputs: the scenario has no source nowhere']]);
    });
  });
}
