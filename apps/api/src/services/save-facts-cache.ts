import type { SaveFacts } from './scenario-records';
import { SizedLru } from './sized-lru';

/** Scenarios whose save facts are kept; a save of one not kept reads them (one statement more). */
const MAX_SCENARIOS_KEPT = 10_000;
/** Labels and fragment keys kept over all scenarios (each entry counts one more). */
const MAX_ITEMS_KEPT = 200_000;

/**
 * What the last save of each scenario (or its facts read) knew: its row, labels, fragment versions and change
 * mark, so that the next save of it needs no read before it validates. Nothing here is trusted: the save's
 * guarded write also checks that the scenario still has that name, latest version and change mark and that its
 * processing type has the same fragments (`saveFactsGuard` in scenarios.ts); when it does not, the facts are
 * dropped and the save starts again from a read. Every writer marks the scenarios it changes (migration 0008), so
 * this holds with any number of servers on one database.
 */
export class SaveFactsCache {
  readonly #kept = new SizedLru<SaveFacts>((facts) => 1 + facts.labels.length + facts.fragmentVersions.length, MAX_ITEMS_KEPT, MAX_SCENARIOS_KEPT);

  /** The facts kept for the scenario called `name`, if any. */
  get(name: string): SaveFacts | undefined {
    return this.#kept.get(name);
  }

  /** Keeps facts as a read or a save left them; an archived scenario's are not kept (its saves are refused). */
  remember(name: string, facts: SaveFacts): void {
    if (facts.row.isArchived) this.#kept.delete(name);
    else this.#kept.set(name, facts);
  }

  forget(name: string): void {
    this.#kept.delete(name);
  }
}
