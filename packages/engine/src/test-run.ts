import type { ResultsWithCounts, ScenarioTestData, ScenarioTestRecord } from '@scenaria/deployment-sdk';
import type { CanonicalProcess } from '@scenaria/graph';
import type { Issue } from '@scenaria/issues';
import { toPlainJson } from '@scenaria/typing/runtime';
import { createTestResultsCollector } from './collector/test-results-collector';
import type { EngineIssue } from './compile/issues';
import { compileScenario } from './scenario';
import type { CompileScenarioOptions, CompiledScenario } from './scenario';

/** A problem with test data text, at `path: [line]` (1-based, as editors number lines). */
export interface TestDataIssue extends Issue<'InvalidTestRecord' | 'UnknownTestSource' | 'AmbiguousTestSource'> {
  readonly path: readonly [line: number];
}

/**
 * Reads test data text: one record per line, either `{"sourceId": ..., "record": ..., "timestamp"?: ...}` or,
 * for a scenario with one source, the record itself (JSON, or the raw line when it is not JSON).
 */
export function parseTestData(
  text: string,
  sourceIds: readonly string[],
): { ok: true; value: ScenarioTestData } | { ok: false; errors: TestDataIssue[] } {
  const records: ScenarioTestRecord[] = [];
  const errors: TestDataIssue[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    let parsed: unknown = line;
    try {
      parsed = JSON.parse(line);
    } catch {
      // a raw text record
    }
    const isEnvelope =
      typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && 'sourceId' in parsed && 'record' in parsed;
    if (isEnvelope) {
      const envelope = parsed as { sourceId: unknown; record: unknown; timestamp?: unknown };
      const sourceId = String(envelope.sourceId);
      if (!sourceIds.includes(sourceId)) {
        errors.push({ code: 'UnknownTestSource', message: `Unknown source ${sourceId}`, path: [index + 1] });
        return;
      }
      records.push({
        sourceId,
        record: envelope.record,
        ...(typeof envelope.timestamp === 'number' ? { timestamp: envelope.timestamp } : {}),
      });
      return;
    }
    const [only, ...others] = sourceIds;
    if (only === undefined || others.length > 0) {
      errors.push({ code: 'AmbiguousTestSource', message: 'A record without sourceId needs a scenario with exactly one source', path: [index + 1] });
      return;
    }
    records.push({ sourceId: only, record: parsed });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { records } };
}

// A test run may share its thread with a server: it gives the event loop a turn once this much time has passed
// since the last one, so each record's own expression budget bounds how long anything else waits.
const YIELD_AFTER_MS = 10;

function giveEventLoopATurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Tests a scenario: compiles it with a results collector, feeds the records in order (each finished before
 * the next, the event loop served between them at least every 10 ms), flushes held-back state and answers the
 * reference's ResultsWithCounts.
 * @example
 * const results = await runScenarioTest(canonical, { records: [{ sourceId: 'source', record: { amount: 10 } }] }, options);
 */
export async function runScenarioTest(
  scenario: CanonicalProcess,
  testData: ScenarioTestData,
  options: Omit<CompileScenarioOptions, 'listener'>,
): Promise<{ ok: true; value: ResultsWithCounts } | { ok: false; errors: EngineIssue[] }> {
  const collector = createTestResultsCollector();
  const compiled = compileScenario(scenario, { ...options, listener: collector });
  if (!compiled.ok) return compiled;
  const runnable = compiled.value;
  let lastTurn = performance.now();
  for (const record of testData.records) {
    if (performance.now() - lastTurn >= YIELD_AFTER_MS) {
      await giveEventLoopATurn();
      lastTurn = performance.now();
    }
    const original = typeof record.record === 'string' ? record.record : JSON.stringify(record.record);
    await runnable.processRecord(record.sourceId, record.record, {
      original,
      ...(record.timestamp === undefined ? {} : { eventTime: record.timestamp }),
    });
  }
  await runnable.flush();
  return { ok: true, value: collector.results(runnable.fragmentNodes) };
}

/** A record of a topic a source reads, as test data generation takes it: the value (plain JSON), and its time when known. */
export interface TopicSample {
  value: unknown;
  timestamp?: number;
}

/**
 * Generates test data from the sources that can make their own records (the event generator) and from the
 * newest records of the topics sources read (`topicSamples`, by topic, read by the host): `samples` records,
 * taken from the sources in turn, as plain JSON ready for `runScenarioTest` or a test file. A scenario
 * without such a source, or whose topics hold no records, answers `CannotGenerateTestData`.
 */
export function generateTestData(
  compiled: CompiledScenario,
  samples: number,
  topicSamples: ReadonlyMap<string, readonly TopicSample[]> = new Map(),
): { ok: true; value: ScenarioTestData } | { ok: false; errors: { code: 'CannotGenerateTestData'; message: string }[] } {
  const pending = new Map<string, TopicSample[]>();
  const generators = compiled.sources.filter((source) => {
    if (source.instance.generate !== undefined) return true;
    const topic = source.instance.readsTopic;
    const taken = topic === undefined ? [] : (topicSamples.get(topic) ?? []);
    if (taken.length > 0) pending.set(source.nodeId, [...taken]);
    return taken.length > 0;
  });
  if (generators.length === 0) {
    const topics = compiled.sources.flatMap((source) => (source.instance.readsTopic === undefined ? [] : [source.instance.readsTopic]));
    const message = topics.length > 0 ? `No test data to generate: ${topics.map((topic) => `topic '${topic}'`).join(', ')} ${topics.length === 1 ? 'holds' : 'hold'} no records` : 'No source of the scenario can generate test data';
    return { ok: false, errors: [{ code: 'CannotGenerateTestData', message }] };
  }
  const records: ScenarioTestRecord[] = [];
  for (let turn = 0; records.length < samples; turn++) {
    const source = generators[turn % generators.length] as (typeof generators)[number];
    let batch = pending.get(source.nodeId) ?? [];
    // Only generating sources make more; a topic's samples are taken once.
    if (batch.length === 0 && source.instance.generate) batch = source.instance.generate().map((value) => ({ value: toPlainJson(value) }));
    const next = batch.shift();
    pending.set(source.nodeId, batch);
    if (next === undefined) {
      if (turn > samples * generators.length) break; // sources that produce nothing more must not loop forever
      continue;
    }
    // Generated values were made plain above; a topic's values are plain JSON as stored.
    records.push({ sourceId: source.nodeId, record: next.value, ...(next.timestamp === undefined ? {} : { timestamp: next.timestamp }) });
  }
  return { ok: true, value: { records } };
}
