import { z } from 'zod';

/** The three processing modes, spelled as on the wire (`processingMode` of scenario records). */
export const ProcessingModeSchema = z.enum(['Unbounded-Stream', 'Request-Response', 'Bounded-Stream']);
/** A processing mode: streaming (`Unbounded-Stream`), request-response or batch (`Bounded-Stream`). */
export type ProcessingMode = z.infer<typeof ProcessingModeSchema>;

/** Where a component may be used: every mode, or a non-empty list of modes. */
export type AllowedProcessingModes = 'all' | readonly [ProcessingMode, ...ProcessingMode[]];

/**
 * The scenario types the default model is built for (a processing type names one of them). Batch scenarios
 * carry `StreamMetaData` as in the original, whose batch is the bounded mode of its streaming engine: the
 * processing type, not the metadata, makes a scenario a batch one.
 */
export type ScenarioType = 'streaming' | 'request-response' | 'batch';

/** The processing mode of a scenario type. */
export function processingModeOfScenarioType(scenarioType: ScenarioType): ProcessingMode {
  return scenarioType === 'streaming' ? 'Unbounded-Stream' : scenarioType === 'batch' ? 'Bounded-Stream' : 'Request-Response';
}

/** Whether a component with these allowed modes may be used in a scenario of the given mode. */
export function isAllowedInMode(allowed: AllowedProcessingModes, mode: ProcessingMode): boolean {
  return allowed === 'all' || allowed.includes(mode);
}

/**
 * The processing mode a scenario runs in, from its `metaDataType`. Fragments and unknown types answer
 * `undefined`: a fragment takes the mode of the scenario using it, so it is checked against none.
 */
export function processingModeOfMetaDataType(metaDataType: string | undefined | null): ProcessingMode | undefined {
  switch (metaDataType) {
    case 'StreamMetaData':
    case 'LiteStreamMetaData':
      return 'Unbounded-Stream';
    case 'RequestResponseMetaData':
      return 'Request-Response';
    default:
      return undefined;
  }
}

/**
 * The processing mode a scenario runs in with a model: its metadata's, except that a `StreamMetaData` scenario
 * of a batch model is bounded (the original's batch scenarios carry the streaming metadata).
 */
export function scenarioProcessingMode(metaDataType: string | undefined | null, modelMode: ProcessingMode): ProcessingMode | undefined {
  const mode = processingModeOfMetaDataType(metaDataType);
  return mode === 'Unbounded-Stream' && modelMode === 'Bounded-Stream' ? 'Bounded-Stream' : mode;
}
