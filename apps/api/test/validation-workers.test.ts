import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ScenarioGraph } from '@scenaria/graph';
import { validateScenario } from '@scenaria/validation';
import type { ValidatedScenario } from '../src/services/context';
import { buildModel } from '../src/services/models';
import { canonicalText } from '../src/services/stored-graphs';
import { storedGraphOf, versionTextOf } from '../src/services/stored-graphs';
import type { ModelSource } from '../src/services/models';
import { validationOptionsOf } from '../src/services/validation-protocol';
import { ValidationWorkers } from '../src/services/validation-workers';
import type { ValidationJob } from '../src/services/validation-workers';
import type { ValidationRequest } from '../src/services/validation-protocol';
import { fragmentGraph, greetingGraph, streamingGraph, userGraph } from './graphs';

const streaming: ModelSource = { kind: 'streaming', topics: {}, properties: {} };
const requestResponse: ModelSource = { kind: 'request-response', topics: {}, properties: {} };
const options: ValidationJob['options'] = { scenarioName: 'checked', labels: ['b', 'a'], labelRules: [], fragments: {}, skipNodeResults: false };

const job = (graph: ScenarioGraph, source: ModelSource, id: number): ValidationJob => ({ modelName: 'type', model: { id, source }, scenario: { graphJson: JSON.stringify(graph) }, options });

/** The validation package's own answer on this thread, with the same model rule and options as the workers'. */
const inProcess = (graph: ScenarioGraph, source: ModelSource) => JSON.stringify(validateScenario(graph, buildModel(source), validationOptionsOf(options, options.fragments)));

const textOf = (validated: ValidatedScenario) => Buffer.from(validated.bytes).toString();

/** A chain of variables whose node results list n²/2 entries: far more memory than a tight worker has. */
function longChain(size: number): ScenarioGraph {
  const base = streamingGraph('chain');
  const variables = Array.from({ length: size }, (_, i) => ({ type: 'Variable', id: `v${i}`, varName: `v${i}`, value: { language: 'spel', expression: `'${'x'.repeat(50)}${i}'` } }));
  const nodes = [base.nodes[0]!, ...variables, base.nodes[2]!] as ScenarioGraph['nodes'];
  return { ...base, nodes, edges: nodes.slice(1).map((node, i) => ({ from: nodes[i]!.id, to: node.id, edgeType: null })) } as ScenarioGraph;
}

/** A chain of filters: cheap per node, and long enough that the worker validates it in many slices. */
function filterChain(size: number): ScenarioGraph {
  const base = streamingGraph('filters');
  const filters = Array.from({ length: size }, (_, i) => ({ type: 'Filter', id: `f${i}`, expression: { language: 'spel', expression: `#input != ${i}` } }));
  const nodes = [base.nodes[0]!, ...filters, base.nodes[2]!] as ScenarioGraph['nodes'];
  return { ...base, nodes, edges: nodes.slice(1).map((node, i) => ({ from: nodes[i]!.id, to: node.id, edgeType: i === 0 ? null : { type: 'FilterTrue' } })) } as ScenarioGraph;
}

let pool: ValidationWorkers | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('validation workers', () => {
  test('answer what the validation package answers on the server thread, as text with the errors beside it', { timeout: 60_000 }, async () => {
    pool = new ValidationWorkers({ size: 2 });
    const broken = { ...streamingGraph('x'), nodes: streamingGraph('x').nodes.map((node) => (node.id === 'marker' ? { ...node, value: { language: 'spel', expression: '#nope +' } } : node)) } as ScenarioGraph;
    const answers = await Promise.all([streamingGraph('ok'), broken, streamingGraph('again')].map((graph) => pool!.validate(job(graph, streaming, 1))));
    expect(answers.map(textOf)).toEqual([inProcess(streamingGraph('ok'), streaming), inProcess(broken, streaming), inProcess(streamingGraph('again'), streaming)]);
    expect(answers[1]!.errors).toEqual(JSON.parse(textOf(answers[1]!)).errors);
    expect(Object.keys(answers[1]!.errors.invalidNodes)).toContain('marker');
    expect(Object.keys(answers[0]!.errors.invalidNodes)).not.toContain('marker');
    expect(answers[0]!.result()).toEqual(JSON.parse(inProcess(streamingGraph('ok'), streaming)));
  });

  test('read a canonical text as stored versions are read, and answer the served text of that graph when asked', { timeout: 60_000 }, async () => {
    pool = new ValidationWorkers({ size: 1 });
    const canonicalJson = canonicalText(streamingGraph('stored'), 'checked');
    const fromText = await pool.validate({ modelName: 'type', model: { id: 1, source: streaming }, scenario: { canonicalJson, servedText: true }, options });
    const stored = storedGraphOf(canonicalJson);
    expect(textOf(fromText)).toBe(inProcess(stored.graph, streaming));
    expect(fromText.stored).toEqual({ json: stored.json, description: stored.description });
    const withoutText = await pool.validate({ modelName: 'type', model: { id: 1, source: streaming }, scenario: { canonicalJson }, options });
    expect(textOf(withoutText)).toBe(textOf(fromText));
    expect(withoutText.stored).toBeUndefined();
    expect((await pool.validate(job(streamingGraph('posted'), streaming, 1))).stored).toBeUndefined();
  });

  test('turn a graph to be saved into its version text and key, validate it as that version is read, and answer its served text', { timeout: 60_000 }, async () => {
    pool = new ValidationWorkers({ size: 1 });
    const posted = streamingGraph('to-save');
    const saved = await pool.validate({ modelName: 'type', model: { id: 1, source: streaming }, scenario: { graphJson: JSON.stringify(posted), storeAs: 'saved-name' }, options });
    // The same text and key the server writes on its own thread, under the scenario's name.
    const version = versionTextOf(posted, 'saved-name');
    expect(saved.version).toEqual(version);
    expect(JSON.parse(saved.version!.canonicalJson).metaData.id).toBe('saved-name');
    // What a later read of that version validates and serves.
    const stored = storedGraphOf(version.canonicalJson);
    expect(textOf(saved)).toBe(inProcess(stored.graph, streaming));
    expect(saved.stored).toEqual({ json: stored.json, description: stored.description });
    const fromText = await pool.validate({ modelName: 'type', model: { id: 1, source: streaming }, scenario: { canonicalJson: version.canonicalJson, servedText: true }, options });
    expect(textOf(fromText)).toBe(textOf(saved));
    expect(fromText.version).toBeUndefined();
  });

  test('check with the model of the id asked for: a new id for a processing type sends its source again', { timeout: 60_000 }, async () => {
    pool = new ValidationWorkers({ size: 1 });
    const greeting = greetingGraph('hello');
    const asStreaming = await pool.validate(job(greeting, streaming, 1));
    const asRequestResponse = await pool.validate(job(greeting, requestResponse, 2));
    const asStreamingAgain = await pool.validate(job(greeting, streaming, 3));
    expect(textOf(asStreaming)).toBe(inProcess(greeting, streaming));
    expect(textOf(asRequestResponse)).toBe(inProcess(greeting, requestResponse));
    expect(textOf(asStreamingAgain)).toBe(textOf(asStreaming));
    expect(textOf(asStreaming)).not.toBe(textOf(asRequestResponse));
  });

  test('send a fragment graph once per worker, again after the worker let it go, and validate with the graphs of the job', { timeout: 60_000 }, async () => {
    pool = new ValidationWorkers({ size: 1, fragmentsKept: 1 });
    const sent = vi.spyOn(Worker.prototype, 'postMessage');
    try {
      const integer = fragmentGraph('java.lang.Integer');
      const text = fragmentGraph('java.lang.String');
      const scenario = userGraph('frag', "'marked'");
      const withFragments = (fragments: Record<string, ScenarioGraph>): ValidationJob => ({ ...job(scenario, streaming, 1), options: { ...options, fragments } });
      const expected = (fragments: Record<string, ScenarioGraph>) =>
        JSON.stringify(validateScenario(scenario, buildModel(streaming), validationOptionsOf(options, fragments)));
      const steps: Record<string, ScenarioGraph>[] = [{ frag: integer }, { frag: integer }, { frag: text }, { frag: integer }, { frag: integer, other: text }];
      const answers: string[] = [];
      for (const fragments of steps) answers.push(textOf(await pool.validate(withFragments(fragments))));
      expect(answers).toEqual(steps.map(expected));
      // The two fragments give different answers, so the worker validated with the graph each job named.
      expect(answers[0]).not.toEqual(answers[2]);
      const requests = sent.mock.calls.map(([message]) => message as ValidationRequest);
      const textSent = requests.map((request) => Object.fromEntries(Object.entries(request.options.fragments).map(([name, ref]) => [name, ref.graphJson !== undefined])));
      expect(textSent).toEqual([{ frag: true }, { frag: false }, { frag: true }, { frag: true }, { frag: false, other: true }]);
      // Holding one fragment at most, the worker lets the other go whenever a job needs a new one.
      expect(requests.map((request) => request.forgetFragments?.length ?? 0)).toEqual([0, 0, 1, 1, 0]);
    } finally {
      sent.mockRestore();
    }
  });

  test('hand results over through the ring, and alone when it has no room or a result is larger than it', { timeout: 60_000 }, async () => {
    // Room for a few small results: most of 40 validations at once find it full, and the long chain never fits.
    pool = new ValidationWorkers({ size: 1, resultRingBytes: 64 * 1024 });
    const received = vi.spyOn(Worker.prototype, 'emit');
    const graphs = Array.from({ length: 40 }, (_, i) => (i % 10 === 9 ? longChain(60) : streamingGraph(`ring-${i}`)));
    const answers = await Promise.all(graphs.map((graph) => pool!.validate(job(graph, streaming, 1))));
    const replies = received.mock.calls.filter(([event]) => event === 'message').map(([, reply]) => reply as object);
    received.mockRestore();
    expect(answers.map(textOf)).toEqual(graphs.map((graph) => inProcess(graph, streaming)));
    const placed = replies.filter((reply) => 'placed' in reply).length;
    expect(placed).toBeGreaterThan(0);
    expect(replies.length - placed).toBeGreaterThan(0);
    // Later validations find the room read again.
    const again = await pool.validate(job(streamingGraph('after'), streaming, 1));
    expect(textOf(again)).toEqual(inProcess(streamingGraph('after'), streaming));
  });

  test('a validation in slices is not held up by a steady stream of small ones', { timeout: 120_000 }, async () => {
    // Node hands a worker up to 1,000 queued messages in one callback: work started inside it ran ahead of a
    // validation waiting to continue (setImmediate), which waited until the stream paused (saves' p99 stalls).
    pool = new ValidationWorkers({ size: 1 });
    const large = filterChain(1_500);
    const first = await pool.validate(job(large, streaming, 1));
    expect(Object.keys(first.errors.invalidNodes).filter((id) => id.startsWith('f'))).toEqual([]);
    const limit = 3_000;
    let answered = 0;
    let answeredBeforeLarge: number | undefined;
    const done = pool.validate(job(large, streaming, 1)).then(() => (answeredBeforeLarge = answered));
    const stream = async () => {
      while (answeredBeforeLarge === undefined && answered < limit) {
        await pool!.validate(job(streamingGraph('small'), streaming, 1));
        answered++;
      }
    };
    await Promise.all([done, ...Array.from({ length: 20 }, stream)]);
    // Twelve slices or more, each after at most the twenty small ones in flight: far fewer than the stream.
    expect(answeredBeforeLarge).toBeLessThan(limit / 3);
  });

  test('more validations than the queue holds are refused with a 503 at once; the queue takes more once it has room', { timeout: 60_000 }, async () => {
    pool = new ValidationWorkers({ size: 1, maxQueued: 3 });
    const held = [filterChain(1_500), streamingGraph('a'), streamingGraph('b')].map((graph) => pool!.validate(job(graph, streaming, 1)));
    expect(pool.queued).toBe(3);
    await expect(pool.validate(job(streamingGraph('over'), streaming, 1))).rejects.toMatchObject({ status: 503, retryAfterSeconds: 1, message: expect.stringMatching(/validating 3 scenarios already/) });
    await Promise.all(held);
    expect(pool.queued).toBe(0);
    expect(textOf(await pool.validate(job(streamingGraph('after'), streaming, 1)))).toBe(inProcess(streamingGraph('after'), streaming));
  });

  test('a worker that runs out of memory fails its validations with a 503; the next validation gets a new worker', { timeout: 120_000 }, async () => {
    pool = new ValidationWorkers({ size: 1, resourceLimits: { maxOldGenerationSizeMb: 48 } });
    const failed = await pool.validate(job(longChain(6_000), streaming, 1)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toMatchObject({ status: 503, retryAfterSeconds: 1, message: expect.stringMatching(/^The validation worker stopped \(.*\): try again$/) });
    expect(textOf(await pool.validate(job(streamingGraph('after'), streaming, 1)))).toBe(inProcess(streamingGraph('after'), streaming));
  });

  test('closing fails the validations still running with a 503; a later validation starts a worker again', { timeout: 60_000 }, async () => {
    pool = new ValidationWorkers({ size: 1 });
    await pool.validate(job(streamingGraph('warm'), streaming, 1));
    const running = pool.validate(job(longChain(1_500), streaming, 1)).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pool.close();
    expect(await running).toMatchObject({ status: 503, message: expect.stringMatching(/shutting down/) });
    expect(textOf(await pool.validate(job(streamingGraph('late'), streaming, 1)))).toBe(inProcess(streamingGraph('late'), streaming));
  });
});
