import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { upgradeScenario } from '@scenaria/graph';
import type { CanonicalProcess } from '@scenaria/graph';
import { describe, expect, it } from 'vitest';
import { modelOptions } from '../test/support';
import { ResultsWithCountsSchema } from '@scenaria/deployment-sdk';
import { compileScenario, generateTestData, runScenarioTest } from './index';

// The shared corpus of real scenarios (see test/fixtures/README.md).
// The repository sits next to the shared folder; the test is skipped where the corpus is absent.
const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/scenarios');
const files = existsSync(corpusDir) ? readdirSync(corpusDir).filter((f) => f.endsWith('.json')) : [];

describe.runIf(files.length > 0)('the corpus of real scenarios', () => {
  const upgraded = files.map((file) => ({ file, result: upgradeScenario(JSON.parse(readFileSync(join(corpusDir, file), 'utf8'))) }));
  const scenarios = upgraded.flatMap(({ file, result }) => (result.ok ? [{ file, scenario: result.value }] : []));
  const fragments = new Map(
    scenarios.filter(({ scenario }) => scenario.metaData.additionalFields.metaDataType === 'FragmentSpecificData').map(({ scenario }) => [scenario.metaData.id, scenario] as const),
  );

  it('compiles every scenario to a runnable form or to issues with node ids, never throwing', () => {
    const outcomes: Record<string, number> = {};
    for (const { scenario } of scenarios) {
      if (fragments.has(scenario.metaData.id)) continue;
      const type = scenario.metaData.additionalFields.metaDataType === 'RequestResponseMetaData' ? 'request-response' : 'streaming';
      const result = compileScenario(scenario as CanonicalProcess, { ...modelOptions(type), fragments: (id) => fragments.get(id) });
      const key = result.ok ? 'ok' : (result.errors[0]?.code ?? 'none');
      outcomes[key] = (outcomes[key] ?? 0) + 1;
      if (!result.ok) for (const issue of result.errors) expect(issue.nodeId ?? issue.code).toBeTruthy();
    }
    // Most corpus scenarios use components of other models (Avro, custom services): those are issues, not crashes.
    expect(Object.values(outcomes).reduce((a, b) => a + b, 0)).toBeGreaterThan(80);
    expect(outcomes['ok'] ?? 0).toBeGreaterThan(0);
  });

  it('tests every scenario that compiles with records (generated where a source can), in the ResultsWithCounts shape', async () => {
    let tested = 0;
    for (const { scenario } of scenarios) {
      if (fragments.has(scenario.metaData.id)) continue;
      const type = scenario.metaData.additionalFields.metaDataType === 'RequestResponseMetaData' ? 'request-response' : 'streaming';
      const options = { ...modelOptions(type), fragments: (id: string) => fragments.get(id) };
      const compiled = compileScenario(scenario, options);
      if (!compiled.ok) continue;
      const generated = generateTestData(compiled.value, 2);
      const records = generated.ok
        ? generated.value.records
        : compiled.value.sources.flatMap((source) => [{ sourceId: source.nodeId, record: { id: 1, amount: 10, name: 'a' } }, { sourceId: source.nodeId, record: 'plain text' }]);
      const result = await runScenarioTest(scenario, { records }, options);
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      expect(ResultsWithCountsSchema.safeParse(result.value).success).toBe(true);
      const sourceCounts = compiled.value.sources.map((source) => result.value.counts[source.nodeId]?.all ?? 0);
      expect(sourceCounts.reduce((a, b) => a + b, 0)).toBe(records.length);
      tested += 1;
    }
    expect(tested).toBeGreaterThan(10);
  });
});
