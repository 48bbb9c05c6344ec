import type { ValidationResult } from '@scenaria/api-contract';

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
  result: ValidationResult;
  size: number;
}

/**
 * Validation results of stored versions, least recently used first out, bounded by entries and by the size of
 * their JSON. The key holds everything a result depends on, so a changed input can never find an old result;
 * `forget` and `clear` only free what can no longer be asked for.
 */
export class ValidationCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  #generation: number | undefined;

  constructor(
    private readonly maxEntries = 2000,
    private readonly maxBytes = 64 * 2 ** 20,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The cached result, or the computed one (stored unless larger than the whole budget). */
  async get(key: ValidationKey, compute: () => Promise<ValidationResult>): Promise<ValidationResult> {
    // A reload makes every older result unreachable: drop them at once rather than waiting for eviction.
    if (this.#generation !== key.configGeneration) {
      this.clear();
      this.#generation = key.configGeneration;
    }
    const text = keyText(key);
    const hit = this.#entries.get(text);
    if (hit) {
      this.#entries.delete(text);
      this.#entries.set(text, hit);
      return hit.result;
    }
    const result = await compute();
    // A reload finished while this one validated: its result belongs to the old generation.
    if (this.#generation !== key.configGeneration) return result;
    const size = JSON.stringify(result).length;
    if (size > this.maxBytes) return result;
    const previous = this.#entries.get(text);
    if (previous) this.#remove(text, previous);
    this.#entries.set(text, { scenarioId: key.scenarioId, result, size });
    this.#bytes += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.#remove(oldest, entry);
    }
    return result;
  }

  /** Frees the results of one scenario (after a save, rename, archive or delete). */
  forget(scenarioId: number): void {
    for (const [text, entry] of this.#entries) if (entry.scenarioId === scenarioId) this.#remove(text, entry);
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #remove(text: string, entry: Entry): void {
    this.#entries.delete(text);
    this.#bytes -= entry.size;
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
