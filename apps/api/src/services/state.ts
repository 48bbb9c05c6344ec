import type { ProcessAction, ProcessState, UIStatusDefinition } from '@scenaria/api-contract';
import { isStateChangingAction, simpleStatusDefinitions } from '@scenaria/deployment-sdk';

/** Every status of the deployment SDK, with the categories it applies to. */
export function statusDefinitions(categories: string[]): UIStatusDefinition[] {
  return simpleStatusDefinitions.map((definition) => ({
    name: definition.name,
    displayableName: definition.displayableName,
    icon: definition.icon,
    tooltip: definition.tooltip,
    categories: definition.categories ?? categories,
  }));
}

/** Computes the state of a non-fragment scenario from its actions (newest first) and its manager. */
export type StateResolver = (
  scenario: { name: string; processingType: string; isArchived: boolean },
  actions: readonly ProcessAction[],
  options?: { bulk?: boolean },
) => Promise<ProcessState>;

/** Whether an action counts as a state action (DEPLOY, CANCEL). */
export const isStateAction = (actionName: string): boolean => isStateChangingAction(actionName);
