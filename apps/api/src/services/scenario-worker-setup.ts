import type { WorkerEnvironment } from '@scenaria/dm-embedded';
import { buildModel } from './models';
import type { ModelSource } from './models';

/**
 * The worker setup module of the embedded deployment manager: it runs inside each scenario worker thread,
 * which cannot be sent the designer's models (they hold functions), and builds them from the configuration
 * data the designer sends along, with the same rule the designer validates with (`buildModel`).
 *
 * It is loaded by its path: the built server has it as `dist/scenario-worker-setup.js` (a tsup entry of its
 * own), and from the sources dm-embedded bundles this file into its worker script.
 */

/** The data a worker gets: what the model of each scenario kind is built from. */
export type ScenarioWorkerSetupData = Readonly<Record<'streaming' | 'request-response', ModelSource>>;

/** Builds the models of a scenario worker (dm-embedded's `WorkerSetupModule`). */
export function createWorkerEnvironment(data: unknown): WorkerEnvironment {
  const sources = data as ScenarioWorkerSetupData;
  return { models: { streaming: buildModel(sources.streaming), 'request-response': buildModel(sources['request-response']) } };
}
