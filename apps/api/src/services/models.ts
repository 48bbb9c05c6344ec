import { defaultModel, editors, jsonSchemaToType } from '@scenaria/components';
import type { Model, ScenarioPropertyConfig } from '@scenaria/components';
import type { TypingResult } from '@scenaria/typing';
import type { ConfigStore } from '../config/config-store';
import type { BatchCatalogue, BatchCatalogues } from './batch-catalogues';
import type { ProcessingTypeConfig, ServerConfig } from '../config/config-schema';

type Kind = ProcessingTypeConfig['kind'];

/**
 * What a model is built from: plain configuration data, so that a scenario worker, which cannot be sent the
 * model's functions, builds the same model from it (`scenario-worker-setup.ts`).
 */
export interface ModelSource {
  kind: Kind;
  /** Record types of Kafka topics, as the JSON schemas of the configuration. */
  topics: ProcessingTypeConfig['model']['topics'];
  /** The configured scenario properties. */
  properties: ServerConfig['scenarioPropertiesConfig'];
  /** Batch: the tables and queries as the databases' catalogues describe them. */
  batch?: Pick<BatchCatalogue, 'tables' | 'queries'>;
}

/**
 * The component model of each processing type, built from its configuration (declared topics, configured
 * scenario properties) and rebuilt when a reload changes that configuration.
 */
/** A model's source with an id that is new whenever the source changes (a reload), so a copy can be matched. */
export interface IdentifiedModelSource {
  id: number;
  source: ModelSource;
}

interface CachedModel extends IdentifiedModelSource {
  key: string;
  model?: Model;
}

export class ModelRegistry {
  readonly #cache = new Map<string, CachedModel>();
  #nextId = 1;

  constructor(
    private readonly config: ConfigStore,
    /** The catalogues batch models are typed from (read at start and on reload). */
    private readonly catalogues?: BatchCatalogues,
  ) {}

  /**
   * What the model of a scenario kind is built from (the embedded manager runs both kinds): the topics of
   * every processing type of that kind, so scenarios of any of them run with the types they were validated with.
   */
  sourceForKind(kind: Kind): ModelSource {
    const types = Object.values(this.config.current.processingTypes).filter((type) => type.kind === kind);
    const topics = Object.assign({}, ...types.map((type) => type.model.topics)) as ProcessingTypeConfig['model']['topics'];
    return { kind, topics, properties: this.config.current.scenarioPropertiesConfig };
  }

  /** The model of a scenario kind, built from `sourceForKind`. */
  modelForKind(kind: Kind): Model {
    return this.#built(this.#identified(`$kind:${kind}`, this.sourceForKind(kind)));
  }

  /**
   * What the model of a processing type is built from, or undefined for an unknown type: the validation
   * workers build their copies from it, and rebuild them when the id changes.
   */
  sourceFor(processingType: string): IdentifiedModelSource | undefined {
    return this.#entryFor(processingType);
  }

  /** The model of a processing type, or undefined for an unknown type. */
  modelFor(processingType: string): Model | undefined {
    const entry = this.#entryFor(processingType);
    return entry && this.#built(entry);
  }

  #entryFor(processingType: string): CachedModel | undefined {
    const type = this.config.processingType(processingType);
    if (!type) return undefined;
    const properties = this.config.current.scenarioPropertiesConfig;
    const catalogue = type.kind === 'batch' ? this.catalogues?.catalogueOf(processingType) : undefined;
    const batch = catalogue ? { tables: catalogue.tables, queries: catalogue.queries } : undefined;
    return this.#identified(processingType, { kind: type.kind, topics: type.model.topics, properties, ...(batch ? { batch } : {}) });
  }

  #identified(name: string, source: ModelSource): CachedModel {
    const key = JSON.stringify(source);
    const cached = this.#cache.get(name);
    if (cached?.key === key) return cached;
    const entry: CachedModel = { id: this.#nextId++, key, source };
    this.#cache.set(name, entry);
    return entry;
  }

  #built(entry: CachedModel): Model {
    entry.model ??= buildModel(entry.source);
    return entry.model;
  }
}

/**
 * The one rule that turns configuration into a model: the designer validates with it and the scenario workers
 * run with it. The configuration schema admits only the `default` component set, so the kind picks the components.
 */
export function buildModel(source: ModelSource): Model {
  const model = defaultModel(source.kind, { topics: topicTypes(source.topics), ...(source.batch ?? {}) });
  return { ...model, scenarioProperties: { ...model.scenarioProperties, ...scenarioProperties(source.properties) } };
}

function topicTypes(schemas: ProcessingTypeConfig['model']['topics']): Record<string, TypingResult> {
  const types: Record<string, TypingResult> = {};
  for (const [topic, schema] of Object.entries(schemas)) {
    const typed = jsonSchemaToType(schema);
    // The configuration schema checked every topic schema when the file was read.
    if (!typed.ok) throw new Error(`Topic ${topic}: ${typed.message}`);
    types[topic] = typed.type;
  }
  return types;
}

// Configured properties are free text unless their editor restricts them (fixed values).
function scenarioProperties(configured: ServerConfig['scenarioPropertiesConfig']): Record<string, ScenarioPropertyConfig> {
  return Object.fromEntries(
    Object.entries(configured).map(([name, property]) => [
      name,
      {
        label: property.label ?? name,
        defaultValue: property.defaultValue ?? '',
        editor: property.editor ?? editors.string(),
        hintText: property.hintText ?? null,
        validators: [],
      },
    ]),
  );
}
