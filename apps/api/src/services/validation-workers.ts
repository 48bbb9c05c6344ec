import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ResourceLimits } from 'node:worker_threads';
import { badInput, serviceUnavailable } from '../errors';
import { workerScript } from '../worker-script';
import { validatedFromBytes } from './context';
import type { ValidatedScenario } from './context';
import type { IdentifiedModelSource } from './models';
import type { ScenarioGraph } from '@scenaria/graph';
import { ResultRingReader } from './result-ring';
import type { FragmentRef, ValidationReply, ValidationRequest, ValidationRequestOptions, ValidationWorkerData } from './validation-protocol';

/** One scenario to validate, with the model source of its processing type and the graphs of the fragments it may use. */
export interface ValidationJob extends Omit<ValidationRequest, 'id' | 'modelId' | 'modelSource' | 'options' | 'forgetFragments' | 'ringReadUpTo'> {
  model: IdentifiedModelSource;
  options: ValidationRequestOptions & { fragments: Readonly<Record<string, ScenarioGraph>> };
}

interface Pending {
  resolve: (validated: ValidatedScenario) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  /** The model id this worker was last sent for each processing type (messages arrive in order). */
  models: Map<string, number>;
  /** Ids of the fragment graphs this worker holds, least recently used first. */
  fragments: Set<number>;
  /** Where this worker leaves its results. */
  ring: ResultRingReader;
}

// Fragment graphs get ids by object: a stored version's graph is one object while the server keeps it, and one
// read again (a version dropped from the cache and asked for again) is sent again under a new id.
const fragmentIds = new WeakMap<ScenarioGraph, number>();
let nextFragmentId = 1;

function fragmentIdOf(graph: ScenarioGraph): number {
  let id = fragmentIds.get(graph);
  if (id === undefined) fragmentIds.set(graph, (id = nextFragmentId++));
  return id;
}

export interface ValidationWorkersOptions {
  /** How many workers at most; default one fewer than the cores, at least one, at most four. */
  size?: number;
  /**
   * Each worker's memory: by default 1 GiB of old generation, so one hostile scenario cannot take the server's, and
   * a young generation of 96 MiB (semi-spaces of 32 MiB, twice V8's default).
   */
  resourceLimits?: ResourceLimits;
  /** How many validations may wait or run at once, over all workers (default 1,000); more are refused with a 503. */
  maxQueued?: number;
  /** How many fragment graphs each worker holds at most (default 1,000): past that, the least recently used go. */
  fragmentsKept?: number;
  /** Bytes of each worker's result ring (default 4 MiB): a larger result, or one with no room left, is handed over alone. */
  resultRingBytes?: number;
}

const DEFAULT_MAX_QUEUED = 1_000;
const DEFAULT_FRAGMENTS_KEPT = 1_000;
const DEFAULT_RESULT_RING_BYTES = 4 * 2 ** 20;
// Twice V8's default semi-spaces: with 50 saves in flight, 4,000 saves on PostgreSQL took the worker 76 young
// collections (340-375 ms of pauses) with 16 MiB semi-spaces and 40 (210-245 ms) with 32 MiB; validating a
// 1,500-node scenario took as long either way. V8 sizes a young generation as three semi-spaces. The server's
// own thread keeps the default: with 32 MiB there, its full collections during saves mostly went away, but the
// list with graphs of 100,000 scenarios took 4.9 s instead of 3.5-4.1 s, and the health check waited up to
// 95-127 ms instead of 40 meanwhile.
const DEFAULT_RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 3 * 32 };

/**
 * Validation off the server's thread: a small pool of worker threads, started when first needed. A validation
 * is the largest part of a save and of a first read, and here it runs beside the HTTP work and the embedded
 * database instead of between their turns. A worker that dies (out of memory on a hostile scenario) fails only
 * the validations it held, with a 503, and the next validation starts another.
 */
export class ValidationWorkers {
  readonly #size: number;
  readonly #resourceLimits: ResourceLimits;
  readonly #maxQueued: number;
  readonly #fragmentsKept: number;
  readonly #resultRingBytes: number;
  readonly #slots: Slot[] = [];
  // Validations asked for and not yet answered (each holds its scenario, up to the request limits, in a message).
  #queued = 0;
  #script: Promise<URL> | undefined;
  #nextId = 1;

  constructor(options: ValidationWorkersOptions = {}) {
    this.#size = options.size ?? Math.max(1, Math.min(4, availableParallelism() - 1));
    this.#resourceLimits = options.resourceLimits ?? DEFAULT_RESOURCE_LIMITS;
    this.#maxQueued = Math.max(1, options.maxQueued ?? DEFAULT_MAX_QUEUED);
    this.#fragmentsKept = Math.max(1, options.fragmentsKept ?? DEFAULT_FRAGMENTS_KEPT);
    this.#resultRingBytes = Math.max(1024, options.resultRingBytes ?? DEFAULT_RESULT_RING_BYTES);
  }

  /** How many validations wait or run now. */
  get queued(): number {
    return this.#queued;
  }

  async validate(job: ValidationJob): Promise<ValidatedScenario> {
    if (this.#queued >= this.#maxQueued) {
      throw serviceUnavailable(`The server is validating ${this.#queued} scenarios already: try again`, 1);
    }
    this.#queued++;
    try {
      return await this.#validate(job);
    } finally {
      this.#queued--;
    }
  }

  async #validate(job: ValidationJob): Promise<ValidatedScenario> {
    let slot = await this.#slotForNext();
    // Its worker was stopped (closed, died) while the slot was chosen: never send to one that is going.
    while (!this.#slots.includes(slot)) slot = await this.#slotForNext();
    const id = this.#nextId++;
    const { model, options, ...rest } = job;
    const known = slot.models.get(job.modelName) === model.id;
    const { refs, held, forget } = this.#fragmentRefs(slot, options.fragments);
    const request: ValidationRequest = {
      ...rest,
      id,
      modelId: model.id,
      ...(known ? {} : { modelSource: model.source }),
      options: { ...options, fragments: refs },
      ...(forget.length > 0 ? { forgetFragments: forget } : {}),
      ringReadUpTo: slot.ring.readUpTo,
    };
    return new Promise<ValidatedScenario>((resolve, reject) => {
      try {
        slot.worker.postMessage(request);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      slot.models.set(job.modelName, model.id);
      // What the worker holds once it has taken the message in: messages arrive in order.
      slot.fragments = held;
      if (slot.pending.size === 0) slot.worker.ref();
      slot.pending.set(id, { resolve, reject });
    });
  }

  /**
   * A job's fragments as a worker is sent them (the text of those it does not hold), what it holds after taking the
   * message in (these last, as the most recently used), and what it lets go to stay within its bound.
   */
  #fragmentRefs(slot: Slot, fragments: Readonly<Record<string, ScenarioGraph>>): { refs: Record<string, FragmentRef>; held: Set<number>; forget: number[] } {
    const refs: Record<string, FragmentRef> = {};
    const used = new Set<number>();
    for (const [name, graph] of Object.entries(fragments)) {
      const id = fragmentIdOf(graph);
      used.add(id);
      refs[name] = slot.fragments.has(id) ? { id } : { id, graphJson: JSON.stringify(graph) };
    }
    const held = new Set([...slot.fragments].filter((id) => !used.has(id)));
    const forget: number[] = [];
    // The ones this job uses stay, even past the bound: the worker needs them now.
    for (const id of held) {
      if (held.size + used.size <= this.#fragmentsKept) break;
      held.delete(id);
      forget.push(id);
    }
    for (const id of used) held.add(id);
    return { refs, held, forget };
  }

  /**
   * Stops the workers; validations still running fail with a 503. Like the app's managers, the pool is not
   * done for: a later validation starts a worker again.
   */
  async close(): Promise<void> {
    const slots = this.#slots.splice(0);
    for (const slot of slots) this.#fail(slot, 'the server is shutting down');
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  // The least busy worker, or a new one while the pool is not full and every worker is busy.
  async #slotForNext(): Promise<Slot> {
    let best = this.#slots[0];
    for (const slot of this.#slots) if (slot.pending.size < (best?.pending.size ?? Infinity)) best = slot;
    if (best && (best.pending.size === 0 || this.#slots.length >= this.#size)) return best;
    // A failed bundling (from sources) is tried again by the next validation.
    const url = await (this.#script ??= workerScript('validation-worker', new URL('./validation-worker.ts', import.meta.url)).catch((error: unknown) => {
      this.#script = undefined;
      throw error;
    }));
    // Another request may have started a worker while the script was located.
    if (this.#slots.length >= this.#size) return this.#slotForNext();
    return this.#start(url);
  }

  #start(url: URL): Slot {
    const ring = new SharedArrayBuffer(this.#resultRingBytes);
    const workerData: ValidationWorkerData = { ring };
    const worker = new Worker(url, { name: 'scenaria-validation', resourceLimits: this.#resourceLimits, workerData });
    const slot: Slot = { worker, pending: new Map(), models: new Map(), fragments: new Set(), ring: new ResultRingReader(ring) };
    worker.unref();
    worker.on('message', (reply: ValidationReply) => {
      // Copied out of the ring as it arrives, whoever waits for it: the worker is told it may place results there again.
      const bytes = 'failure' in reply || 'refused' in reply ? undefined : 'placed' in reply ? slot.ring.take(reply.placed) : reply.bytes;
      const pending = slot.pending.get(reply.id);
      if (!pending) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) worker.unref();
      if ('refused' in reply) pending.reject(badInput(reply.refused));
      else if ('failure' in reply || bytes === undefined) pending.reject(new Error(`Validation failed in its worker: ${'failure' in reply ? reply.failure : 'no result'}`));
      else pending.resolve(validatedFromBytes(bytes, reply.errors, reply));
    });
    worker.on('error', (error) => this.#retire(slot, error.message));
    worker.on('exit', (code) => this.#retire(slot, `it exited with code ${code}`));
    this.#slots.push(slot);
    return slot;
  }

  #retire(slot: Slot, reason: string): void {
    const index = this.#slots.indexOf(slot);
    if (index >= 0) this.#slots.splice(index, 1);
    this.#fail(slot, reason);
  }

  #fail(slot: Slot, reason: string): void {
    const pending = [...slot.pending.values()];
    slot.pending.clear();
    for (const { reject } of pending) reject(serviceUnavailable(`The validation worker stopped (${reason}): try again`, 1));
  }
}

