import type { ScenarioGraph } from '@scenaria/graph';
import { SizedLru } from './sized-lru';

/** A stored version's graph: the object validation reads and the JSON text answers embed. */
export interface StoredGraph {
  graph: ScenarioGraph;
  json: string;
  description: string | undefined;
}

/**
 * Graphs of stored versions, least recently used first out, bounded by the size of their JSON. A version is
 * never changed once written and scenario ids are never reused, so (scenario id, version) fixes the graph and
 * an entry never goes stale.
 */
export class StoredGraphCache {
  readonly #entries: SizedLru<StoredGraph>;

  constructor(maxBytes = 32 * 2 ** 20) {
    this.#entries = new SizedLru<StoredGraph>((stored) => stored.json.length, maxBytes);
  }

  async get(scenarioId: number, versionId: number, read: () => Promise<StoredGraph>): Promise<StoredGraph> {
    const key = `${scenarioId}:${versionId}`;
    const hit = this.#entries.get(key);
    if (hit) return hit;
    const stored = await read();
    this.#entries.set(key, stored);
    return stored;
  }

  /** Keeps the graph of a version just written (its text is what was stored). */
  set(scenarioId: number, versionId: number, stored: StoredGraph): void {
    this.#entries.set(`${scenarioId}:${versionId}`, stored);
  }
}
