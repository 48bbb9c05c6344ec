/**
 * Serialises work per scenario: commands, synchronisation and restarts on one scenario run one at a time,
 * different scenarios proceed in parallel.
 */
export class ScenarioLocks {
  // The settled tail of each scenario's queue; removed when nothing is queued behind it.
  readonly #tails = new Map<string, Promise<void>>();

  /** Runs `work` once everything queued before it for the same scenario has settled (either way). */
  exclusively<T>(scenarioName: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(scenarioName) ?? Promise.resolve();
    const result = previous.then(work, work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(scenarioName, settled);
    void settled.then(() => {
      if (this.#tails.get(scenarioName) === settled) this.#tails.delete(scenarioName);
    });
    return result;
  }

  /** Resolves when the work queued so far, on every scenario, has settled. */
  async settled(): Promise<void> {
    await Promise.all([...this.#tails.values()]);
  }
}
