// Pre-1.14 scenarios written by hand in the formats of their time, each with the 1.18 form it must become.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fromCanonical, serializeCanonicalProcess, toCanonical, upgradeScenario } from '../src/index';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/legacy');
const read = (file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'));

const cases: { name: string; options?: { name: string }; expectChanges: RegExp[] }[] = [
  {
    name: '01-2017-stream',
    expectChanges: [/typeSpecificData \(StreamMetaData\)/, /splitStateToDisk -> spillStateToDisk/, /exceptionHandlerRef removed/, /plain-string ref parameters/, /additionalBranches added/],
  },
  {
    name: '02-subprocess-fragment',
    expectChanges: [/FragmentSpecificData/, /metaData.isSubprocess removed/, /metaData.subprocessVersions removed/, /groups removed/, /SubprocessInputDefinition renamed to FragmentInputDefinition/, /'small out'.*fields added/],
  },
  {
    name: '03-wrapped-request-response',
    options: { name: 'ignored: the document names itself' },
    expectChanges: [/\{comment, process\}/, /StandaloneMetaData/, /path -> slug/, /SubprocessInput renamed to FragmentInput/, /subprocessParams renamed to fragmentParams/, /outputVariableNames added/],
  },
  {
    name: '04-fragment-without-metadata',
    options: { name: 'bareFragment' },
    expectChanges: [/metaData added/, /metaData.id set to 'bareFragment'/, /assumed FragmentSpecificData/],
  },
  {
    name: '05-old-details-graph',
    expectChanges: [/json renamed to scenarioGraph/, /isSubprocess renamed to isFragment/, /typeSpecificProperties/, /properties.exceptionHandler removed/, /type SubprocessOutput renamed to FragmentOutput/],
  },
];

describe('upgrade of older formats', () => {
  it.each(cases)('$name upgrades to the 1.18 form', ({ name, options, expectChanges }) => {
    const result = upgradeScenario(read(`${name}.input.json`), options);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(serializeCanonicalProcess(result.value)).toStrictEqual(read(`${name}.expected.json`));
    for (const pattern of expectChanges) {
      expect(result.changes.some((change) => pattern.test(change)), `${pattern} in ${JSON.stringify(result.changes)}`).toBe(true);
    }
    // The result is a proper 1.18 scenario: converting it to the graph and back changes nothing.
    const { graph, id } = fromCanonical(result.value);
    expect(toCanonical(graph, { id })).toStrictEqual(result.value);
    expect(upgradeScenario(serializeCanonicalProcess(result.value)).changes).toEqual([]);
  });

  it('a 1.18 scenario passes unchanged with no changes reported', () => {
    const current = read('../scenarios/05-switch-cases-and-default.canonical.json');
    expect(upgradeScenario(current)).toStrictEqual({ ok: true, value: current, changes: [] });
  });

  it('a 1.18 graph inside scenario details becomes the canonical form named after the record', () => {
    const wrapped = read('../scenarios/14-union-join.graph.json') as { scenarioGraph: unknown };
    const result = upgradeScenario({ name: 'union', processingType: 'streaming', isFragment: false, scenarioGraph: wrapped.scenarioGraph });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(serializeCanonicalProcess(result.value)).toStrictEqual(read('../scenarios/14-union-join.canonical.json'));
  });

  it('reports what it cannot upgrade as issues with paths into the Nussknacker document', () => {
    expect(upgradeScenario('not a scenario')).toMatchObject({ ok: false, issues: [{ code: 'InvalidType', path: [] }] });
    expect(upgradeScenario({ comment: 'x', process: { metaData: { id: 'a' } } })).toMatchObject({
      ok: false,
      issues: [{ code: 'MissingField', path: ['process', 'nodes'] }],
    });
    const badNode = upgradeScenario({ metaData: { id: 'a' }, nodes: [{ type: 'Source', id: 's', ref: { typ: 'k', parameters: [] } }, { type: 'Teleport', id: 't' }] });
    expect(badNode).toMatchObject({ ok: false, issues: [{ code: 'UnknownNodeType', path: ['nodes', 1, 'type'] }] });
    const wrappedBad = upgradeScenario({ comment: '', process: { metaData: { id: 'a' }, nodes: [{ type: 'Filter', id: 3 }] } });
    expect(wrappedBad.ok).toBe(false);
    if (!wrappedBad.ok) {
      expect(wrappedBad.issues).toContainEqual(expect.objectContaining({ code: 'InvalidType', path: ['process', 'nodes', 0, 'id'] }));
      expect(wrappedBad.issues).toContainEqual(expect.objectContaining({ code: 'MissingField', path: ['process', 'nodes', 0, 'expression'] }));
    }
  });
});
