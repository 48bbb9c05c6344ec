import { z } from 'zod';
import { jsonSchemaToType, ParameterEditorSchema } from '@scenaria/components';
import { EmbeddedManagerSettingsSchema } from '@scenaria/dm-embedded';
import { JetStreamManagerSettingsSchema } from '@scenaria/dm-jetstream';
import { AuthenticationConfigSchema, ConfigUserSchema } from '@scenaria/auth';
import { LabelValidationRuleSchema } from '@scenaria/validation';

const PermissionSchema = z.enum(['Read', 'Write', 'Deploy', 'Demo', 'Impersonate']);

/** The JSON schema of a topic's record values; checked when the file is read, so a bad schema stops the start. */
const TopicSchemaSchema = z.unknown().superRefine((schema, context) => {
  const typed = jsonSchemaToType(schema);
  if (!typed.ok) context.addIssue({ code: 'custom', message: typed.message });
});

/**
 * A database batch scenarios read and write: a PostgreSQL or MariaDB server by `url`, or without one the
 * designer's own database. Its tables are those of `schemas` (databases, on MariaDB), read from its catalogue
 * at start and on every processing-type reload.
 */
export const BatchDatabaseConfigSchema = z
  .object({
    dialect: z.enum(['postgresql', 'mariadb']).default('postgresql'),
    url: z.string().regex(/^(postgres|postgresql|mysql|mariadb):\/\//, 'a postgres://, postgresql://, mysql:// or mariadb:// URL').optional(),
    schemas: z.array(z.string().min(1)).min(1).max(50).optional(),
  })
  // The designer's own tables live in its database's `public` schema: scenarios must not read them by default.
  .refine((database) => database.url !== undefined || database.schemas !== undefined, {
    message: "schemas is required for the designer's own database (its public schema holds the designer's tables)",
    path: ['schemas'],
  })
  .transform((database) => ({ ...database, schemas: database.schemas ?? ['public'] }));
export type BatchDatabaseConfig = z.infer<typeof BatchDatabaseConfigSchema>;

/** A SQL query a batch scenario may run, with `:name` parameters of the given classes (`Long`, `String`...). */
export const BatchQueryConfigSchema = z.object({
  database: z.string().min(1),
  sql: z.string().min(1).max(100_000),
  parameters: z.record(z.string().regex(/^[A-Za-z_]\w*$/), z.string().min(1)).default({}),
});
export type BatchQueryConfig = z.infer<typeof BatchQueryConfigSchema>;

/** A processing type: where scenarios of one category run, with which components and which manager. */
export const ProcessingTypeConfigSchema = z.object({
  /**
   * The processing mode of its scenarios: `streaming` runs unbounded streams, `request-response` answers
   * requests, `batch` reads SQL tables to their end (its model's `databases`, `queries` and
   * `testDataGenerationMode`: `live` samples the tables, `random` makes rows from the column types).
   */
  kind: z.enum(['streaming', 'request-response', 'batch']),
  category: z.string().min(1),
  engineSetupName: z.string().min(1).default('Embedded'),
  /**
   * Which component set scenarios of this type use (only `default` so far), and its settings: `topics` gives
   * the record type of each Kafka topic as a JSON schema (undeclared topics have Unknown records).
   */
  model: z
    .object({
      components: z.literal('default').default('default'),
      topics: z.record(z.string(), TopicSchemaSchema).default({}),
      databases: z.record(z.string().regex(/^[A-Za-z_][\w-]*$/), BatchDatabaseConfigSchema).default({}),
      queries: z.record(z.string().min(1), BatchQueryConfigSchema).default({}),
      testDataGenerationMode: z.enum(['live', 'random']).default('live'),
    })
    .catchall(z.unknown())
    .default({ components: 'default', topics: {}, databases: {}, queries: {}, testDataGenerationMode: 'live' }),
  /**
   * Which deployment manager runs the scenarios, and its settings: `embedded` (port, worker memory limits,
   * time budgets...) or `jetstream` (NATS servers, namespace, partitions, lease...; streaming scenarios run in
   * `scenaria-worker` processes started with the same settings). Settings are checked when the file is read,
   * so a typo or a bad limit stops the start instead of the first deployment.
   */
  deploymentManager: z
    .object({ type: z.string().min(1) })
    .catchall(z.unknown())
    .superRefine(({ type, ...settings }, context) => {
      const schema = type === 'embedded' ? EmbeddedManagerSettingsSchema.strict() : type === 'jetstream' ? JetStreamManagerSettingsSchema.strict() : undefined;
      const parsed = schema?.safeParse(settings);
      for (const issue of parsed?.error?.issues ?? []) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }),
});
export type ProcessingTypeConfig = z.infer<typeof ProcessingTypeConfigSchema>;

/** An extra scenario property shown in the properties panel. */
export const ScenarioPropertyConfigSchema = z.object({
  label: z.string().optional(),
  defaultValue: z.string().optional(),
  hintText: z.string().optional(),
  /** A parameter editor as served in the definitions (string editor when absent). */
  editor: ParameterEditorSchema.optional(),
});

/** A user of the users file (`@scenaria/auth`): basic credentials when it has a `password`, roles by identity. */
export const UserConfigSchema = ConfigUserSchema;
export type UserConfig = z.infer<typeof UserConfigSchema>;

/** What a role may do: permissions on categories, global permissions, or everything as admin. */
export const RoleRuleSchema = z.object({
  role: z.string().min(1),
  isAdmin: z.boolean().default(false),
  categories: z.array(z.string()).default([]),
  permissions: z.array(PermissionSchema).default([]),
  globalPermissions: z.array(z.string()).default([]),
});
export type RoleRule = z.infer<typeof RoleRuleSchema>;

/**
 * Limits on failed sign-ins: after `maxFailuresPerUser` failures for one user name, or `maxFailuresPerAddress`
 * from one client address, within `failureWindowSeconds`, sign-ins answer 429 until the window ends, without
 * checking the password. `maxTrackedKeys` bounds the memory of each counter.
 */
export const SignInLimitsSchema = z.object({
  maxFailuresPerUser: z.number().int().positive().default(10),
  maxFailuresPerAddress: z.number().int().positive().default(50),
  failureWindowSeconds: z.number().int().positive().default(900),
  maxTrackedKeys: z.number().int().positive().default(10_000),
});
export type SignInLimits = z.infer<typeof SignInLimitsSchema>;

/**
 * Who may read `/metrics`: nobody when not `enabled`; anyone when `public`; otherwise an admin's basic
 * credentials or, when `bearerToken` is set, `Authorization: Bearer <token>` (what Prometheus scrapers send).
 */
export const MetricsConfigSchema = z.object({
  enabled: z.boolean().default(true),
  public: z.boolean().default(false),
  bearerToken: z.string().min(16, 'bearerToken must have at least 16 characters').optional(),
});
export type MetricsConfig = z.infer<typeof MetricsConfigSchema>;

// One CSP source expression: no separators, so a value can never add a directive of its own.
const CspSourceSchema = z.string().regex(/^[^\s;,]+$/, "a CSP source such as 'self', 'none' or https://portal.example.com");

/** Response headers for browsers; `frameAncestors` lists who may show the designer in a frame. */
export const SecurityHeadersConfigSchema = z.object({
  frameAncestors: z.array(CspSourceSchema).min(1).default(["'self'"]),
});

/**
 * Limits on request bodies. `maxBodyBytes` holds for JSON and text bodies (scenario graphs, comments),
 * `maxUploadBytes` for files (multipart imports and test data, attachments); beyond them the answer is 413
 * before the body is read further (JSON nesting has a fixed bound, `@scenaria/graph`'s `MAX_JSON_DEPTH`).
 * `maxBodyBytesInFlight` bounds the bytes of all bodies received and not yet answered, together: each body is
 * within its own limit, but many at once could still take the server's memory.
 */
export const RequestLimitsSchema = z
  .object({
    maxBodyBytes: z.number().int().positive().default(10 * 1024 * 1024),
    maxUploadBytes: z.number().int().positive().default(50 * 1024 * 1024),
    maxBodyBytesInFlight: z.number().int().positive().default(256 * 1024 * 1024),
  })
  .refine((limits) => limits.maxBodyBytesInFlight >= Math.max(limits.maxBodyBytes, limits.maxUploadBytes), {
    message: 'maxBodyBytesInFlight must be at least maxBodyBytes and maxUploadBytes: a body within its own limit must fit',
    path: ['maxBodyBytesInFlight'],
  });
export type RequestLimits = z.infer<typeof RequestLimitsSchema>;

/**
 * The secondary environment (Nussknacker's `secondaryEnvironment`): another designer that scenarios are compared
 * with and migrated to, signed in as `user`. `targetEnvironmentId` names it in activities. With
 * `passUsernameInMigration` the migrating user's name travels as `Remote[name]` and the target records its
 * versions under it; without, under `user`. `useLegacyCreateScenarioApi` migrates through the scenario routes
 * (create, then save) for a target without `/api/migrate`. Every call gives up after `requestTimeoutMs`, and an
 * answer larger than `maxResponseBytes` is refused, so a slow or hostile remote cannot hold a request.
 */
export const SecondaryEnvironmentConfigSchema = z.object({
  user: z.string().min(1),
  password: z.string(),
  targetEnvironmentId: z.string().min(1),
  passUsernameInMigration: z.boolean().default(true),
  remoteConfig: z.object({
    uri: z.url({ protocol: /^https?$/ }),
    useLegacyCreateScenarioApi: z.boolean().default(false),
    requestTimeoutMs: z.number().int().positive().max(600_000).default(10_000),
    maxResponseBytes: z.number().int().positive().default(50 * 1024 * 1024),
  }),
});
export type SecondaryEnvironmentConfig = z.infer<typeof SecondaryEnvironmentConfigSchema>;

/** The whole configuration file. */
export const ServerConfigSchema = z.object({
  environment: z.string().default('local'),
  /**
   * The URL clients reach this server at (behind a proxy), e.g. `https://scenaria.example.com`: deployed
   * request-response scenarios are shown at `{publicUrl}/scenario/{slug}`. Unset: the URL the server listens
   * at (`http://localhost:PORT`).
   */
  publicUrl: z.url({ protocol: /^https?$/ }).optional(),
  processingTypes: z.record(z.string(), ProcessingTypeConfigSchema).refine((types) => Object.keys(types).length > 0, {
    message: 'at least one processing type is needed',
  }),
  scenarioPropertiesConfig: z.record(z.string(), ScenarioPropertyConfigSchema).default({}),
  users: z.array(UserConfigSchema).default([]),
  rules: z.array(RoleRuleSchema).default([]),
  /** Role given to requests without credentials; none means they get 401. `authentication.anonymousUserRole` wins. */
  anonymousUserRole: z.string().optional(),
  /**
   * Which sign-in runs (`method`: `BasicAuth`, `Oidc`, `OAuth2`) and its settings; basic authentication with
   * `users` when absent. The schemas are `@scenaria/auth`'s.
   */
  authentication: AuthenticationConfigSchema.prefault({ method: 'BasicAuth' }),
  deploymentCommentSettings: z
    .object({ validationPattern: z.string(), exampleComment: z.string().optional() })
    .optional(),
  scenarioLabelSettings: z
    .object({
      validationRules: z.array(LabelValidationRuleSchema),
    })
    .default({ validationRules: [] }),
  enableConfigEndpoint: z.boolean().default(false),
  /** Seed the example scenarios into an empty database. */
  seedExamples: z.boolean().default(true),
  signInLimits: SignInLimitsSchema.prefault({}),
  metrics: MetricsConfigSchema.prefault({}),
  securityHeaders: SecurityHeadersConfigSchema.prefault({}),
  requestLimits: RequestLimitsSchema.prefault({}),
  secondaryEnvironment: SecondaryEnvironmentConfigSchema.optional(),
});
export type ServerConfig = z.infer<typeof ServerConfigSchema>;
/** The configuration as written in the file, before defaults. */
export type ServerConfigInput = z.input<typeof ServerConfigSchema>;
