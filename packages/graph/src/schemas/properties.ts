import { z } from 'zod';

/** The metadata types known to the 1.18 designer; other strings are accepted as custom engine metadata. */
export const KNOWN_METADATA_TYPES = [
  'StreamMetaData',
  'LiteStreamMetaData',
  'RequestResponseMetaData',
  'FragmentSpecificData',
] as const;

/** Scenario-level fields shared by the graph's `properties` and the canonical `metaData`. */
export const ProcessAdditionalFieldsSchema = z.object({
  description: z.string().nullable().optional(),
  // Every scenario property is a string on the wire; an empty string means "unset" (scenario-graph.md §1).
  properties: z.record(z.string(), z.string()).optional(),
  metaDataType: z.string(),
  showDescription: z.boolean().optional(),
});
/** Scenario-level fields shared by the graph's `properties` and the canonical `metaData`. */
export type ProcessAdditionalFields = z.infer<typeof ProcessAdditionalFieldsSchema>;

/** The `properties` object of a scenario graph. */
export const ProcessPropertiesSchema = z.object({
  additionalFields: ProcessAdditionalFieldsSchema,
});
/** The `properties` object of a scenario graph. */
export type ProcessProperties = z.infer<typeof ProcessPropertiesSchema>;

/** The `metaData` object of the canonical form: the scenario name plus the same additional fields. */
export const MetaDataSchema = z.object({
  id: z.string(),
  additionalFields: ProcessAdditionalFieldsSchema,
});
/** The `metaData` object of the canonical form. */
export type MetaData = z.infer<typeof MetaDataSchema>;
