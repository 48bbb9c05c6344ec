import { z } from 'zod';
import { jsonSchemaToType, ParameterEditorSchema } from '@scenaria/components';
import { LabelValidationRuleSchema } from '@scenaria/validation';

const PermissionSchema = z.enum(['Read', 'Write', 'Deploy', 'Demo', 'Impersonate']);

/** The JSON schema of a topic's record values; checked when the file is read, so a bad schema stops the start. */
const TopicSchemaSchema = z.unknown().superRefine((schema, context) => {
  const typed = jsonSchemaToType(schema);
  if (!typed.ok) context.addIssue({ code: 'custom', message: typed.message });
});

/** A processing type: where scenarios of one category run, with which components and which manager. */
export const ProcessingTypeConfigSchema = z.object({
  /** The processing mode of its scenarios: `streaming` runs unbounded streams, `request-response` answers requests. */
  kind: z.enum(['streaming', 'request-response']),
  category: z.string().min(1),
  engineSetupName: z.string().min(1).default('Embedded'),
  /**
   * Which component set scenarios of this type use (only `default` so far), and its settings: `topics` gives
   * the record type of each Kafka topic as a JSON schema (undeclared topics have Unknown records).
   */
  model: z
    .object({ components: z.literal('default').default('default'), topics: z.record(z.string(), TopicSchemaSchema).default({}) })
    .catchall(z.unknown())
    .default({ components: 'default', topics: {} }),
  /** Which deployment manager runs the scenarios, and its settings. */
  deploymentManager: z.object({ type: z.string().min(1) }).catchall(z.unknown()),
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

/** A user of basic authentication; `password` is a bcrypt hash. */
export const UserConfigSchema = z.object({
  identity: z.string().min(1),
  password: z.string().regex(/^\$2[aby]\$\d{2}\$/, 'password must be a bcrypt hash ($2a$/$2b$/$2y$)'),
  roles: z.array(z.string()).default([]),
});
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

/** The whole configuration file. */
export const ServerConfigSchema = z.object({
  environment: z.string().default('local'),
  processingTypes: z.record(z.string(), ProcessingTypeConfigSchema).refine((types) => Object.keys(types).length > 0, {
    message: 'at least one processing type is needed',
  }),
  scenarioPropertiesConfig: z.record(z.string(), ScenarioPropertyConfigSchema).default({}),
  users: z.array(UserConfigSchema).default([]),
  rules: z.array(RoleRuleSchema).default([]),
  /** Role given to requests without credentials; none means they get 401. */
  anonymousUserRole: z.string().optional(),
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
});
export type ServerConfig = z.infer<typeof ServerConfigSchema>;
/** The configuration as written in the file, before defaults. */
export type ServerConfigInput = z.input<typeof ServerConfigSchema>;
