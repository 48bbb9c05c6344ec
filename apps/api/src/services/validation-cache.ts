import type { ValidatedScenario } from './context';
import { SizedLru } from './sized-lru';

/** What a stored version's validation result depends on besides its graph, which the version id fixes. */
export interface ValidationKey {
  scenarioId: number;
  versionId: number;
  /** The configuration generation (bumped by a processing-type reload): the model and label rules of the result. */
  configGeneration: number;
  /** The name, labels, processing type and kind the validator was told: a rename or a label change shows at once. */
  name: string;
  labels: readonly string[];
  processingType: string;
  isFragment: boolean;
  /** `id:version` of every fragment the scenario may use: a fragment save changes it. */
  fragmentVersions: readonly string[];
  skipNodeResults: boolean;
}

interface Entry {
  scenarioId: number;
  /** Its JSON text is written once and sent as it is by every answer that embeds it. */
  validated: ValidatedScenario;
}

/**
 * Validation results of stored versions, least recently used first out, bounded by entries and by the size of
 * their JSON. The key holds everything a result depends on, so a changed input can never find an old result;
 * `forget` and `clear` only free what can no longer be asked for.
 */
export class ValidationCache {
  readonly #entries: SizedLru<Entry>;
  #generation: number | undefined;

  constructor(maxEntries = 2000, maxBytes = 64 * 2 ** 20) {
    this.#entries = new SizedLru<Entry>((entry) => entry.validated.bytes.byteLength, maxBytes, maxEntries, (entry) => entry.scenarioId);
  }

  get size(): number {
    return this.#entries.count;
  }

  /** The cached result, or the computed one (stored unless larger than the whole budget). */
  async getValidated(key: ValidationKey, compute: () => Promise<ValidatedScenario>): Promise<ValidatedScenario> {
    return (await this.#entry(key, compute)).validated;
  }

  /** Keeps a result computed elsewhere (a save's) for its key. */
  remember(key: ValidationKey, validated: ValidatedScenario): void {
    this.#enter(key.configGeneration);
    // Without the graph's served text a save's result carries: the stored graphs' cache keeps (and counts) that.
    const { bytes, errors, result } = validated;
    this.#entries.set(keyText(key), { scenarioId: key.scenarioId, validated: { bytes, errors, result } });
  }

  // A reload makes every older result unreachable: drop them at once rather than waiting for eviction.
  #enter(generation: number): void {
    if (this.#generation !== generation) {
      this.clear();
      this.#generation = generation;
    }
  }

  async #entry(key: ValidationKey, compute: () => Promise<ValidatedScenario>): Promise<Entry> {
    this.#enter(key.configGeneration);
    const text = keyText(key);
    const hit = this.#entries.get(text);
    if (hit) return hit;
    const entry: Entry = { scenarioId: key.scenarioId, validated: await compute() };
    // A reload finished while this one validated: its result belongs to the old generation.
    if (this.#generation === key.configGeneration) this.#entries.set(text, entry);
    return entry;
  }

  /** Frees the results of one scenario (after a save, rename, archive or delete). */
  forget(scenarioId: number): void {
    this.#entries.deleteGroup(scenarioId);
  }

  clear(): void {
    this.#entries.clear();
  }
}

function keyText(key: ValidationKey): string {
  return JSON.stringify([
    key.scenarioId,
    key.versionId,
    key.configGeneration,
    key.name,
    key.labels,
    key.processingType,
    key.isFragment,
    key.fragmentVersions,
    key.skipNodeResults,
  ]);
}
