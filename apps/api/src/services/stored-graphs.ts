import { createHash } from 'node:crypto';
import { canonicalComparisonKey, canonicalProcessText, fromCanonical, parsedCanonicalProcessText, parsedScenarioGraphText, serializeScenarioGraph, toCanonical } from '@scenaria/graph';
import type { CanonicalProcess, ScenarioGraph } from '@scenaria/graph';
import { SizedLru } from './sized-lru';

/**
 * A stored version's graph: its canonical text, which validation reads (a worker parses it), the JSON text answers
 * embed, and the graph object, read from the canonical text when first asked for (fragments, object answers).
 */
export interface StoredGraph {
  readonly canonicalJson: string;
  readonly graph: ScenarioGraph;
  json: string;
  description: string | undefined;
  /** The version's content key (`contentKeyOf`, kept by the save that wrote it): the next save compares with it. */
  contentKey?: string;
  /**
   * About how many characters of memory the entry holds besides its served text and key: its canonical text (and
   * the graph object, once asked for, taken as the same).
   */
  readonly heldBeside: number;
}

/** What answers embed of a stored graph: its served text and its description. */
export type StoredGraphText = Pick<StoredGraph, 'json' | 'description'>;

/**
 * The SHA-256 of a canonical form's comparison key under no name (a rename alone is no change of the graph). The
 * digest stands for the key: a key is as long as the scenario's text, and the server kept one per cached version,
 * about a third of the text each save added to its heap.
 */
export function contentKeyOf(canonical: CanonicalProcess): string {
  return createHash('sha256')
    .update(canonicalComparisonKey({ ...canonical, metaData: { ...canonical.metaData, id: '' } }))
    .digest('base64');
}

/** What a version of `graph` stores under the scenario name `name`, and its content key (`contentKeyOf`). */
export interface VersionText {
  canonicalJson: string;
  contentKey: string;
}

/** The canonical JSON text of a graph under a name: what a version stores and an export returns. */
export function canonicalText(graph: ScenarioGraph, name: string): string {
  return canonicalProcessText(toCanonical(graph, { id: name, copy: false }));
}

/**
 * The version a graph becomes when saved under `name`: its canonical text (`canonicalText`) and content key. A
 * graph that is the scenario graph schema's own output (a save's body as its schema parsed it) is written without a
 * second schema pass (`parsed`: `parsedCanonicalProcessText`).
 */
export function versionTextOf(graph: ScenarioGraph, name: string, options: { parsed?: boolean } = {}): VersionText {
  // Only written out, never kept: it may share the graph's fields.
  const canonical = toCanonical(graph, { id: name, copy: false });
  const canonicalJson = options.parsed ? parsedCanonicalProcessText(canonical) : canonicalProcessText(canonical);
  return { canonicalJson, contentKey: contentKeyOf(canonical) };
}

// Versions are written only as the canonical schema's output (`canonicalProcessText`, or the equal
// `parsedCanonicalProcessText` of the schema's own output), so reading them back skips a second schema pass: it
// dominated the cost of listing a thousand graphs.
export function parseStored(canonicalJson: string): CanonicalProcess {
  return JSON.parse(canonicalJson) as CanonicalProcess;
}

/** The graph as the reference writes it: its nulls (`edgeType`, `isDisabled`, a Switch's `expression`) stay. */
export function graphJson(graph: ScenarioGraph): ScenarioGraph {
  return serializeScenarioGraph(graph) as ScenarioGraph;
}

/** The graph a stored version's canonical text holds: what validation reads (the server's and the workers'). */
export function storedGraphObject(canonicalJson: string): ScenarioGraph {
  return fromCanonical(parseStored(canonicalJson)).graph;
}

/**
 * The text answers embed of a stored graph (one `storedGraphObject` read): stored texts are all the canonical
 * schema's output, so the graph read from one is written without a schema pass (`parsedScenarioGraphText`).
 */
export function storedGraphText(graph: ScenarioGraph): StoredGraphText {
  return { json: parsedScenarioGraphText(graph), description: graph.properties.additionalFields.description ?? undefined };
}

/**
 * A stored version's canonical text with the graph's served text. The graph object read to write that text is
 * not kept: cached versions are kept as texts (a thousand graphs as objects were a sixth of the server's heap
 * objects, each marked by every full collection), and most are never asked for as objects again.
 */
export function storedGraphOf(canonicalJson: string): StoredGraph {
  return storedGraphWithText(canonicalJson, storedGraphText(storedGraphObject(canonicalJson)));
}

/**
 * A stored version whose served text was written elsewhere (a validation worker read the same canonical text):
 * the graph object is read from the canonical text only if something asks for it.
 */
export function storedGraphWithText(canonicalJson: string, text: StoredGraphText): StoredGraph {
  let graph: ScenarioGraph | undefined;
  return {
    ...text,
    canonicalJson,
    heldBeside: canonicalJson.length,
    get graph() {
      return (graph ??= storedGraphObject(canonicalJson));
    },
  };
}

/**
 * Graphs of stored versions, least recently used first out, bounded by what they hold: the served text, the
 * comparison key and the graph or its canonical text. A version is never changed once written and scenario ids
 * are never reused, so (scenario id, version) fixes the graph and an entry never goes stale.
 */
export class StoredGraphCache {
  readonly #entries: SizedLru<StoredGraph>;

  constructor(maxBytes = 32 * 2 ** 20) {
    this.#entries = new SizedLru<StoredGraph>((stored) => stored.json.length + (stored.contentKey?.length ?? 0) + stored.heldBeside, maxBytes);
  }

  async get(scenarioId: number, versionId: number, read: () => Promise<StoredGraph>): Promise<StoredGraph> {
    const stored = await this.find(scenarioId, versionId, read);
    if (!stored) throw new Error(`StoredGraphCache.get: no graph read for ${scenarioId}:${versionId}`);
    return stored;
  }

  /** As `get`, for a version that may be gone: `read` may find none, and then nothing is kept. */
  async find(scenarioId: number, versionId: number, read: () => Promise<StoredGraph | undefined>): Promise<StoredGraph | undefined> {
    const key = `${scenarioId}:${versionId}`;
    const hit = this.#entries.get(key);
    if (hit) return hit;
    const stored = await read();
    if (stored) this.#entries.set(key, stored);
    return stored;
  }

  /** The cached graph of a version, if any, without reading it. */
  peek(scenarioId: number, versionId: number): StoredGraph | undefined {
    return this.#entries.get(`${scenarioId}:${versionId}`);
  }

  /** Keeps the graph of a version just written (its text is what was stored). */
  set(scenarioId: number, versionId: number, stored: StoredGraph): void {
    this.#entries.set(`${scenarioId}:${versionId}`, stored);
  }
}
