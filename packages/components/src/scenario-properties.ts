import { z } from 'zod';
import { editors, fixedValuesOf, type ParameterEditor, ParameterEditorSchema } from './editors';
import { jsonSchemaTextToType } from './json-schema';
import type { ScenarioType } from './processing-mode';
import { type ParameterValidator, validators } from './validators';
import { CRON_PROPERTY, nextScheduledRun } from './batch/schedule';

/** A scenario property the model accepts (a key of `additionalFields.properties`, always a string value). */
export interface ScenarioPropertyConfig {
  readonly label: string;
  readonly defaultValue: string;
  readonly editor: ParameterEditor;
  readonly hintText: string | null;
  readonly validators: readonly ParameterValidator[];
  /** Extra check of the text (JSON schema properties); returns a message when the value is wrong. */
  readonly check?: (value: string) => string | undefined;
}

/** A scenario property config as served (`scenarioProperties.propertiesConfig` of semantics.md §7). */
export const ScenarioPropertyConfigJsonSchema = z.object({
  defaultValue: z.string().nullable(),
  editor: ParameterEditorSchema,
  label: z.string().nullable(),
  hintText: z.string().nullable(),
});
/** The served JSON of a scenario property config. */
export type ScenarioPropertyConfigJson = z.infer<typeof ScenarioPropertyConfigJsonSchema>;

const booleanProperty = (label: string, defaultValue: string): ScenarioPropertyConfig => ({
  label,
  defaultValue,
  editor: editors.fixedValues([
    { expression: '', label: '' },
    { expression: 'true', label: 'true' },
    { expression: 'false', label: 'false' },
  ]),
  hintText: null,
  validators: [],
});

const numberProperty = (label: string, min: number): ScenarioPropertyConfig => ({
  label,
  defaultValue: '',
  editor: editors.string(),
  hintText: null,
  validators: [validators.literalInteger(), validators.min(min)],
});

const jsonSchemaProperty = (label: string): ScenarioPropertyConfig => ({
  label,
  defaultValue: '{}',
  editor: editors.json(),
  hintText: 'JSON schema',
  validators: [],
  check: (value) => {
    const result = jsonSchemaTextToType(value);
    return result.ok ? undefined : result.message;
  },
});

/** Properties of a scenario of the given type (keys of `additionalFields.properties`). */
export function defaultScenarioProperties(scenarioType: ScenarioType): Record<string, ScenarioPropertyConfig> {
  if (scenarioType === 'request-response') {
    return {
      slug: {
        label: 'Slug',
        defaultValue: '',
        editor: editors.string(),
        hintText: 'URL path segment of the endpoint; empty = the scenario name',
        validators: [validators.regExp('^[A-Za-z0-9._~-]*$', 'Invalid slug', 'Only letters, digits and . _ ~ - are allowed')],
      },
      inputSchema: jsonSchemaProperty('Input schema'),
      outputSchema: jsonSchemaProperty('Output schema'),
    };
  }
  const streamProperties = {
    parallelism: numberProperty('Parallelism', 1),
    spillStateToDisk: booleanProperty('Spill state to disk', 'true'),
    useAsyncInterpretation: booleanProperty('Should use async interpretation', ''),
    checkpointIntervalInSeconds: numberProperty('Checkpoint interval in seconds', 1),
  };
  if (scenarioType === 'streaming') return streamProperties;
  // Batch scenarios keep StreamMetaData's properties (the original's batch runs on its streaming engine) and
  // add the periodic manager's schedule.
  return {
    ...streamProperties,
    [CRON_PROPERTY]: {
      label: 'Schedule (cron)',
      defaultValue: '',
      editor: editors.cron(),
      hintText: "Runs the deployed scenario on this schedule, e.g. '0 0 2 * * ?' (UTC; several separated by |); empty runs it once",
      validators: [],
      check: (value) => {
        const result = nextScheduledRun(value, 0);
        return result.ok ? undefined : result.message;
      },
    },
  };
}

/** Properties of a fragment. */
export function defaultFragmentProperties(): Record<string, ScenarioPropertyConfig> {
  const text = (label: string): ScenarioPropertyConfig => ({
    label,
    defaultValue: '',
    editor: editors.string(),
    hintText: null,
    validators: [],
  });
  return { docsUrl: text('Documentation url'), componentGroup: text('Component group'), icon: text('Icon') };
}

/** Served JSON of a property config. */
export function scenarioPropertyConfigToJson(config: ScenarioPropertyConfig): ScenarioPropertyConfigJson {
  return { defaultValue: config.defaultValue, editor: config.editor, label: config.label, hintText: config.hintText };
}

/** The fixed values a property is restricted to (from its editor), if any. */
export function propertyFixedValues(config: ScenarioPropertyConfig): string[] | undefined {
  return fixedValuesOf(config.editor)?.map((v) => v.expression);
}
