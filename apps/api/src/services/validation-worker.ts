import { parentPort, workerData } from 'node:worker_threads';
import type { Model } from '@scenaria/components';
import { canonicalFormProblems } from '@scenaria/graph';
import type { ScenarioGraph } from '@scenaria/graph';
import type { SaveRequestFields } from './context';
import { validateScenarioAsync, withValidationResultBytes } from '@scenaria/validation';
import { buildModel } from './models';
import { labelsRefusal, labelsToValidate, parseSaveBody, unstorableRefusal } from './save-body';
import { storedGraphObject, storedGraphText, versionTextOf } from './stored-graphs';
import type { StoredGraphText, VersionText } from './stored-graphs';
import { nextTurn } from './thread-slices';
import { validationOptionsOf } from './validation-protocol';
import type { ValidationReply, ValidationRequest, ValidationWorkerData } from './validation-protocol';
import { ResultRingWriter } from './result-ring';

/**
 * The script of a validation worker thread (`dist/validation-worker.js`, a tsup entry of its own): it builds
 * each processing type's model from the source the server sends once per model id, with the same rule the
 * server's own models use (`buildModel`), and answers validations as JSON text.
 */
const port = parentPort;
if (!port) throw new Error('validation-worker runs only as a worker thread');

const ring = new ResultRingWriter((workerData as ValidationWorkerData).ring);
const models = new Map<string, { id: number; model: Model }>();
// Fragment graphs by the server's ids: it sends each one's text once, and says when to let go of it.
const fragmentGraphs = new Map<number, ScenarioGraph>();

// The fragments of a request as graphs, or why not (one was never sent: a bug). The texts it brings and the ids it
// lets go are taken in first, whatever happens to the request, so that this worker holds what the server counts on.
function fragmentsOf(request: ValidationRequest): Record<string, ScenarioGraph> | string {
  for (const id of request.forgetFragments ?? []) fragmentGraphs.delete(id);
  const refs = Object.entries(request.options.fragments);
  for (const [, ref] of refs) if (ref.graphJson !== undefined) fragmentGraphs.set(ref.id, JSON.parse(ref.graphJson) as ScenarioGraph);
  const fragments: Record<string, ScenarioGraph> = {};
  for (const [name, ref] of refs) {
    const graph = fragmentGraphs.get(ref.id);
    if (graph === undefined) return `fragment ${name} (#${ref.id}) was never sent to this worker`;
    fragments[name] = graph;
  }
  return fragments;
}

// Slices here keep validations fair to one another; nothing on this thread answers a health check. A slice is
// measured on the wall clock, so on a busy machine the 4 ms default was mostly time the thread waited for a core:
// one small save in ten was sent behind every validation waiting (a tenth of saves yielded mid-way under load).
// Large scenarios still yield every 128 nodes.
const WORKER_SLICE_MS = 25;

async function answer(request: ValidationRequest): Promise<ValidationReply> {
  try {
    // Taken in as the request starts, in the order the server sent them, before anything can fail or wait.
    ring.readUpTo(request.ringReadUpTo);
    const fragments = fragmentsOf(request);
    if (typeof fragments === 'string') return { id: request.id, failure: fragments };
    if (request.modelSource) models.set(request.modelName, { id: request.modelId, model: buildModel(request.modelSource) });
    const cached = models.get(request.modelName);
    if (cached?.id !== request.modelId) return { id: request.id, failure: `model ${request.modelName}#${request.modelId} was never sent to this worker` };
    const { scenario } = request;
    let options = request.options;
    let posted: ScenarioGraph | undefined;
    let saveRequest: SaveRequestFields | undefined;
    if ('saveBodyJson' in scenario) {
      // A save's body, parsed here with the contract's schema, as the router would have on the server's thread.
      const parsed = parseSaveBody(scenario.saveBodyJson);
      if ('refusal' in parsed) return { id: request.id, refused: parsed.refusal };
      const { scenarioGraph, ...fields } = parsed.request;
      if (fields.scenarioLabels) {
        const refusal = labelsRefusal(fields.scenarioLabels, options.labelRules);
        if (refusal) return { id: request.id, refused: refusal };
      }
      options = { ...options, labels: labelsToValidate(fields.scenarioLabels, options.labels) };
      posted = scenarioGraph;
      saveRequest = fields;
    } else if ('graphJson' in scenario) {
      // A posted graph comes as the JSON text of a graph the server's request schema had checked.
      posted = JSON.parse(scenario.graphJson) as ScenarioGraph;
    }
    // A graph to be saved becomes its version's text here, off the server's thread, and is validated as that
    // version will be read; one without a stored form is validated as posted (the save refuses it).
    const problems = posted !== undefined && 'storeAs' in scenario ? canonicalFormProblems(posted) : [];
    const storable = posted !== undefined && 'storeAs' in scenario && problems.length === 0;
    // A body's graph is the schema's output here, so its text needs no second schema pass.
    const version: VersionText | undefined = storable ? versionTextOf(posted!, scenario.storeAs, { parsed: saveRequest !== undefined }) : undefined;
    const unstorable = saveRequest ? unstorableRefusal(problems) : undefined;
    const canonicalJson = version?.canonicalJson ?? ('canonicalJson' in scenario ? scenario.canonicalJson : undefined);
    const graph = canonicalJson !== undefined ? storedGraphObject(canonicalJson) : posted;
    if (graph === undefined) return { id: request.id, failure: 'a validation request with neither a graph nor a canonical text' };
    // Between slices of a large scenario the worker takes the next messages: small validations are not held up
    // behind one large one.
    const result = await validateScenarioAsync(graph, cached.model, validationOptionsOf(options, fragments), { yieldToEventLoop: nextTurn, maxSliceMs: WORKER_SLICE_MS });
    const stored: StoredGraphText | undefined = version || ('canonicalJson' in scenario && scenario.servedText) ? storedGraphText(graph) : undefined;
    // In the ring; when it has no room, in a buffer of its own (never a pooled one), handed over rather than copied.
    const where = withValidationResultBytes(result, (written) => {
      const placed = ring.place(written);
      return placed ? { placed } : { bytes: new Uint8Array(written) };
    });
    return {
      id: request.id,
      ...where,
      errors: result.errors,
      ...(stored ? { stored } : {}),
      ...(version ? { version } : {}),
      ...(saveRequest ? { saveRequest } : {}),
      ...(unstorable ? { unstorable } : {}),
    };
  } catch (error) {
    return { id: request.id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

// Each validation starts from the event loop's turn for immediates, as its later slices continue, never inside the
// message callback: Node hands a worker up to 1,000 queued messages in one callback, so work started there ran
// ahead of every validation waiting to continue, and under a steady stream of saves one waited for hundreds of
// milliseconds (until the stream paused). Started here, new and continuing validations take turns in order.
port.on('message', (request: ValidationRequest) => {
  setImmediate(() => {
    void answer(request).then((reply) => port.postMessage(reply, 'bytes' in reply ? [reply.bytes.buffer] : []));
  });
});
