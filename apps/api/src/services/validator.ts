import type { ValidationResult } from '@scenaria/api-contract';
import { validateScenario } from '@scenaria/validation';
import { conflict } from '../errors';
import type { ConfigStore } from '../config/config-store';
import type { ScenarioValidator } from './context';
import type { ModelRegistry } from './models';

/** Whole-scenario validation with the component model of the scenario's processing type and the configured label rules. */
export function createScenarioValidator(models: ModelRegistry, config: ConfigStore): ScenarioValidator {
  return (input) => {
    const model = models.modelFor(input.processingType);
    // A reload can remove a processing type that stored scenarios still name.
    if (!model) throw conflict(`Scenario type: ${input.processingType} not found`);
    const result: ValidationResult = validateScenario(input.graph, model, {
      scenarioName: input.name,
      labels: input.labels,
      labelRules: config.current.scenarioLabelSettings.validationRules,
      fragments: input.fragments,
      skipNodeResults: input.skipNodeResults,
    });
    return result;
  };
}
