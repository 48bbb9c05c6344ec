import type { ValidationResult } from '@scenaria/api-contract';
import { validateScenarioAsync } from '@scenaria/validation';
import { conflict } from '../errors';
import type { ConfigStore } from '../config/config-store';
import type { ScenarioValidator } from './context';
import type { ModelRegistry } from './models';

/**
 * Most variable entries the node results of one validation may list (about 25 MB of JSON). Node results name
 * every variable visible at every node, so a chain of n variable nodes would answer n²/2 entries (523 MB at
 * 3,300 nodes); past this the remaining nodes get a `NodeResultsLimitReached` warning instead.
 */
const MAX_NODE_RESULT_ENTRIES = 250_000;

// Lets requests waiting on the event loop (health checks, other users) run between slices of a validation.
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Whole-scenario validation with the component model of the scenario's processing type and the configured label rules. */
export function createScenarioValidator(models: ModelRegistry, config: ConfigStore): ScenarioValidator {
  return async (input) => {
    const model = models.modelFor(input.processingType);
    // A reload can remove a processing type that stored scenarios still name.
    if (!model) throw conflict(`Scenario type: ${input.processingType} not found`);
    const result: ValidationResult = await validateScenarioAsync(
      input.graph,
      model,
      {
        scenarioName: input.name,
        labels: input.labels,
        labelRules: config.current.scenarioLabelSettings.validationRules,
        fragments: input.fragments,
        skipNodeResults: input.skipNodeResults,
        maxNodeResultEntries: MAX_NODE_RESULT_ENTRIES,
      },
      { yieldToEventLoop },
    );
    return result;
  };
}
