import { defaultModel } from '@scenaria/components';
import type { Model } from '@scenaria/components';
import type { ConfigStore } from '../config/config-store';
import type { ProcessingTypeConfig } from '../config/config-schema';

/**
 * The component model of each processing type, built from its configuration and rebuilt when a reload
 * changes that configuration. Only the built-in `default` component set exists so far.
 */
export class ModelRegistry {
  readonly #cache = new Map<string, { key: string; model: Model }>();

  constructor(private readonly config: ConfigStore) {}

  /** The model of a scenario kind (the embedded manager runs both kinds). */
  modelForKind(kind: 'streaming' | 'request-response'): Model {
    const key = `$kind:${kind}`;
    const cached = this.#cache.get(key);
    if (cached) return cached.model;
    const model = defaultModel(kind);
    this.#cache.set(key, { key, model });
    return model;
  }

  /** The model of a processing type, or undefined for an unknown type. */
  modelFor(processingType: string): Model | undefined {
    const type = this.config.processingType(processingType);
    if (!type) return undefined;
    const key = JSON.stringify(type);
    const cached = this.#cache.get(processingType);
    if (cached?.key === key) return cached.model;
    const model = buildModel(type);
    this.#cache.set(processingType, { key, model });
    return model;
  }
}

// The configuration schema admits only the `default` component set, so the kind alone picks the model.
function buildModel(type: ProcessingTypeConfig): Model {
  return defaultModel(type.kind === 'request-response' ? 'request-response' : 'streaming');
}
