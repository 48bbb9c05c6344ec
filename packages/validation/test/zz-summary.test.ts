import { readdirSync, readFileSync } from 'node:fs';
import { defaultModel } from '@scenaria/components';
import { fromCanonical, type ScenarioGraph, upgradeScenario } from '@scenaria/graph';
import { it } from 'vitest';
import { validateScenario } from '../src/index';
const dir = '/work/shared/corpus/scenarios';
it('summary', () => {
  const counts = new Map<string, number>();
  const samples = new Map<string, string[]>();
  const loaded = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => { const u = upgradeScenario(JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'))); if (!u.ok) throw new Error(f); return { f, ...fromCanonical(u.value) }; });
  const fragments: Record<string, ScenarioGraph> = {};
  for (const l of loaded) if (l.graph.properties.additionalFields.metaDataType === 'FragmentSpecificData') fragments[l.id] = l.graph;
  for (const { f, graph, id } of loaded) {
    const model = defaultModel(graph.properties.additionalFields.metaDataType === 'RequestResponseMetaData' ? 'request-response' : 'streaming');
    const r = validateScenario(graph, model, { scenarioName: id, fragments });
    const all = [...Object.entries(r.errors.invalidNodes).flatMap(([n, es]) => es.map((e) => ({ ...e, n }))), ...r.errors.processPropertiesErrors.map((e) => ({ ...e, n: '$props' })), ...r.errors.globalErrors.map((g) => ({ ...g.error, n: g.nodeIds.join(',') }))];
    for (const e of all) {
      counts.set(e.typ, (counts.get(e.typ) ?? 0) + 1);
      const s = samples.get(e.typ) ?? [];
      if (s.length < 6) s.push(`${f.slice(0, 50)} @${e.n} [${e.fieldName}] ${e.message.slice(0, 150)}`);
      samples.set(e.typ, s);
    }
  }
  for (const [t, c] of [...counts].sort((a, b) => b[1] - a[1])) console.log(c, t, '\n   ' + (samples.get(t) ?? []).join('\n   '));
});
