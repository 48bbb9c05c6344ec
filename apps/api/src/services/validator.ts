import { conflict } from '../errors';
import type { ConfigStore } from '../config/config-store';
import type { ScenarioValidationInput, ScenarioValidator } from './context';
import type { ValidationRequest } from './validation-protocol';
import type { ModelRegistry } from './models';
import type { ValidationWorkers } from './validation-workers';

// What the worker is sent of the input: only the scenario, never the context beside it.
function scenarioOf(input: ScenarioValidationInput): ValidationRequest['scenario'] {
  if ('saveBodyJson' in input) return { saveBodyJson: input.saveBodyJson, storeAs: input.storeAs };
  if ('storeAs' in input) return { graphJson: JSON.stringify(input.graph), storeAs: input.storeAs };
  if ('graph' in input) return { graphJson: JSON.stringify(input.graph) };
  return { canonicalJson: input.canonicalJson, servedText: input.servedText ?? false };
}

/**
 * Whole-scenario validation with the component model of the scenario's processing type and the configured
 * label rules, run by the validation workers (`validation-worker.ts` builds the same model from its source).
 */
export function createScenarioValidator(models: ModelRegistry, config: ConfigStore, workers: ValidationWorkers): ScenarioValidator {
  return async (input) => {
    const model = models.sourceFor(input.processingType);
    // A reload can remove a processing type that stored scenarios still name.
    if (!model) throw conflict(`Scenario type: ${input.processingType} not found`);
    return workers.validate({
      modelName: input.processingType,
      model,
      scenario: scenarioOf(input),
      options: {
        scenarioName: input.name,
        labels: input.labels,
        labelRules: config.current.scenarioLabelSettings.validationRules,
        fragments: input.fragments,
        skipNodeResults: input.skipNodeResults,
      },
    });
  };
}
