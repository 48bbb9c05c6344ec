import type { QueryDefinition, TableDefinition } from '@scenaria/components';
import { describeQuery, designerDatabase, openSqlDatabase, readTables } from '@scenaria/dm-embedded';
import type { EmbeddedDatabase, SqlDatabase } from '@scenaria/dm-embedded';
import type { Logger } from 'pino';
import type { ConfigStore } from '../config/config-store';
import type { BatchDatabaseConfig, ProcessingTypeConfig } from '../config/config-schema';
import type { Database } from '../db/database';

/** What a batch processing type's model is built from: its tables and queries as the catalogues describe them. */
export interface BatchCatalogue {
  tables: TableDefinition[];
  queries: QueryDefinition[];
  /** Problems met while reading (a database that did not answer); the rest of the catalogue is still served. */
  errors: string[];
}

const EMPTY: BatchCatalogue = { tables: [], queries: [], errors: [] };

/**
 * The catalogues of the batch processing types: read from their databases at start and again on every
 * processing-type reload (`POST /api/app/processingtype/reload`), so the models type tables as they are now.
 * Databases are opened once per configuration (name and settings) and shared by the batch managers.
 */
export class BatchCatalogues {
  readonly #catalogues = new Map<string, BatchCatalogue>();
  readonly #databases = new Map<string, { key: string; database: SqlDatabase }>();

  constructor(
    private readonly db: Database,
    private readonly config: ConfigStore,
    private readonly logger: Logger,
    /** The designer's database URL when it is a server: runs then get sessions of their own on it. */
    private readonly databaseUrl?: string,
  ) {}

  /** The catalogue of a processing type (empty until read). */
  catalogueOf(processingType: string): BatchCatalogue {
    return this.#catalogues.get(processingType) ?? EMPTY;
  }

  /** The databases of a batch processing type, by configured name. */
  databasesOf(type: ProcessingTypeConfig): Map<string, SqlDatabase> {
    return new Map(Object.entries(type.model.databases).map(([name, settings]) => [name, this.#database(name, settings)]));
  }

  #database(name: string, settings: BatchDatabaseConfig): SqlDatabase {
    const key = JSON.stringify(settings);
    const known = this.#databases.get(name);
    if (known?.key === key) return known.database;
    if (known) void known.database.close().catch(() => undefined);
    const url = settings.url ?? this.databaseUrl;
    const database = url
      ? openSqlDatabase(name, { dialect: settings.url ? settings.dialect : 'postgresql', url })
      : designerDatabase(name, this.db as unknown as EmbeddedDatabase);
    this.#databases.set(name, { key, database });
    return database;
  }

  /** Reads every batch processing type's tables and queries again. */
  async refresh(): Promise<void> {
    for (const [name, type] of Object.entries(this.config.current.processingTypes)) {
      if (type.kind !== 'batch') {
        this.#catalogues.delete(name);
        continue;
      }
      const catalogue: BatchCatalogue = { tables: [], queries: [], errors: [] };
      const databases = this.databasesOf(type);
      for (const [databaseName, settings] of Object.entries(type.model.databases)) {
        try {
          catalogue.tables.push(...(await readTables(databases.get(databaseName) as SqlDatabase, settings.schemas)));
        } catch (error) {
          catalogue.errors.push(`Database ${databaseName}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      for (const [queryName, query] of Object.entries(type.model.queries)) {
        const database = databases.get(query.database);
        if (!database) {
          catalogue.errors.push(`Query ${queryName}: no database ${query.database}`);
          continue;
        }
        try {
          catalogue.queries.push(await describeQuery(database, queryName, query));
        } catch (error) {
          catalogue.errors.push(`Query ${queryName}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      for (const error of catalogue.errors) this.logger.warn({ processingType: name }, error);
      this.#catalogues.set(name, catalogue);
    }
  }

  async close(): Promise<void> {
    for (const { database } of this.#databases.values()) await database.close().catch(() => undefined);
    this.#databases.clear();
  }
}
