import { basename } from 'node:path';
import { defaultModel, processingModeOfMetaDataType } from '@scenaria/components';
import type { Model } from '@scenaria/components';
import { parseScenarioFile } from '@scenaria/scenario-tests';
import type { ScenarioFile } from '@scenaria/scenario-tests';
import type { CliIo } from './io';
import { UsageError, readInput } from './io';

/** Reads a scenario file (exported canonical JSON, or a graph named after the file). */
export async function readScenario(io: CliIo, path: string): Promise<ScenarioFile> {
  const parsed = parseScenarioFile(await readInput(io, path), basename(path).replace(/\.json$/i, ''));
  if (!parsed.ok) {
    throw new UsageError(`${path}: not a scenario: ${parsed.issues.map((issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`).join('; ')}`);
  }
  return parsed.value;
}

/** Reads the fragment files given with `--fragment`, by the fragment's name. */
export async function readFragments(io: CliIo, paths: readonly string[] = []): Promise<Map<string, ScenarioFile>> {
  const fragments = new Map<string, ScenarioFile>();
  for (const path of paths) {
    const fragment = await readScenario(io, path);
    fragments.set(fragment.name, fragment);
  }
  return fragments;
}

/**
 * The built-in default model of a scenario's kind. Fragments carry no processing mode of their own; they are
 * validated with the streaming model, which every default component set starts from.
 */
export function builtInModel(scenario: ScenarioFile): Model {
  const mode = processingModeOfMetaDataType(scenario.canonical.metaData.additionalFields.metaDataType);
  return defaultModel(mode === 'Request-Response' ? 'request-response' : 'streaming');
}
