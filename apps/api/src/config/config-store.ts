import type { ProcessingTypeConfig, ServerConfig } from './config-schema';

/**
 * The current configuration. Processing types can be reloaded from the file while the server runs, so every
 * reader asks the store instead of keeping its own copy.
 */
export class ConfigStore {
  #config: ServerConfig;
  #generation = 0;
  readonly #reloadSource: (() => Promise<ServerConfig>) | undefined;

  constructor(config: ServerConfig, reloadSource?: () => Promise<ServerConfig>) {
    this.#config = config;
    this.#reloadSource = reloadSource;
  }

  get current(): ServerConfig {
    return this.#config;
  }

  /** Bumped by every reload, so what was derived from an older configuration (validation results) is known stale. */
  get generation(): number {
    return this.#generation;
  }

  processingType(name: string): ProcessingTypeConfig | undefined {
    // The name comes from URLs: `__proto__` or `constructor` must not find Object.prototype's members.
    return Object.hasOwn(this.#config.processingTypes, name) ? this.#config.processingTypes[name] : undefined;
  }

  /** All categories any processing type uses. */
  categories(): string[] {
    return [...new Set(Object.values(this.#config.processingTypes).map((type) => type.category))].sort();
  }

  /**
   * Re-reads the file and takes over its processing types and scenario properties. Users and rules stay as
   * they were at start: changing who may log in is a restart, as in the reference.
   */
  async reloadProcessingTypes(): Promise<void> {
    if (!this.#reloadSource) return;
    const fresh = await this.#reloadSource();
    this.#config = {
      ...this.#config,
      processingTypes: fresh.processingTypes,
      scenarioPropertiesConfig: fresh.scenarioPropertiesConfig,
    };
    this.#generation += 1;
  }
}
