import type { CustomActionDefinition } from '../custom-actions';
import { ScenarioActionName, SimpleStateStatusName } from './status-types';
import type { StateStatus, StatusDefinition } from './status-types';

const { DEPLOY, CANCEL, ARCHIVE, RENAME, PAUSE } = ScenarioActionName;

/** The statuses of semantics.md §1 with Nussknacker's icons, tooltips and descriptions. */
export const simpleStatusDefinitions: readonly StatusDefinition[] = [
  {
    name: SimpleStateStatusName.NOT_DEPLOYED,
    displayableName: 'Not deployed',
    icon: '/assets/states/not-deployed.svg',
    tooltip: 'The scenario is not deployed.',
    description: 'The scenario is not deployed.',
    allowedActions: [DEPLOY, ARCHIVE, RENAME],
  },
  {
    name: SimpleStateStatusName.DURING_DEPLOY,
    displayableName: 'During deploy',
    icon: '/assets/states/deploy-running-animated.svg',
    tooltip: 'The scenario has been already started and currently is being deployed.',
    description: 'The scenario is being deployed.',
    allowedActions: [DEPLOY, CANCEL],
  },
  {
    name: SimpleStateStatusName.RUNNING,
    displayableName: 'Running',
    icon: '/assets/states/deploy-success.svg',
    tooltip: 'The scenario has been successfully deployed and currently is running.',
    description: 'The scenario is running.',
    allowedActions: [CANCEL, PAUSE, DEPLOY],
  },
  {
    name: SimpleStateStatusName.FINISHED,
    displayableName: 'Finished',
    icon: '/assets/states/success.svg',
    tooltip: 'The scenario completed successfully.',
    description: 'The scenario has finished.',
    allowedActions: [DEPLOY, ARCHIVE, RENAME],
  },
  {
    name: SimpleStateStatusName.RESTARTING,
    displayableName: 'Restarting',
    icon: '/assets/states/deploy-restart-animated.svg',
    tooltip: 'Scenario was deployed but now is restarting...',
    description: 'Scenario is restarting...',
    allowedActions: [DEPLOY, CANCEL],
  },
  {
    name: SimpleStateStatusName.DURING_CANCEL,
    displayableName: 'During cancel',
    icon: '/assets/states/stopping-running-animated.svg',
    tooltip: 'The scenario currently is being canceled.',
    description: 'The scenario is being canceled.',
    allowedActions: [DEPLOY, CANCEL],
  },
  {
    name: SimpleStateStatusName.CANCELED,
    displayableName: 'Canceled',
    icon: '/assets/states/stopping-success.svg',
    tooltip: 'The scenario has been successfully cancelled.',
    description: 'The scenario is canceled.',
    allowedActions: [DEPLOY, ARCHIVE, RENAME],
  },
  {
    name: SimpleStateStatusName.PROBLEM,
    displayableName: 'Problem',
    icon: '/assets/states/error.svg',
    tooltip: 'There are some problems with scenario.',
    description: 'There are some problems with scenario.',
    allowedActions: [DEPLOY, CANCEL],
  },
];

/** The statuses one manager can report: the simple ones plus its own, looked up by name. */
export interface StatusDefinitions {
  readonly all: readonly StatusDefinition[];
  get(name: string): StatusDefinition | undefined;
  /** Actions allowed in a status: PROBLEM's own list when given, custom actions that list the status. */
  allowedActions(status: StateStatus, customActions?: readonly CustomActionDefinition[]): string[];
  /** Names of the manager's own statuses declared `followsDeploy` (never a simple status's name). */
  readonly followingDeploy: ReadonlySet<string>;
}

/**
 * Builds the status definitions of a manager. A manager's own definition with a simple status's name replaces
 * it (the periodic manager, for example, words FINISHED differently).
 */
export function createStatusDefinitions(extra: readonly StatusDefinition[] = []): StatusDefinitions {
  const byName = new Map<string, StatusDefinition>();
  for (const definition of [...simpleStatusDefinitions, ...extra]) byName.set(definition.name, definition);
  const all = [...byName.values()];
  const simpleNames = new Set<string>(Object.values(SimpleStateStatusName));
  // A simple status keeps its own rule: a manager may reword FINISHED, not make it count as running.
  const followingDeploy = new Set(extra.filter((d) => d.followsDeploy && !simpleNames.has(d.name)).map((d) => d.name));
  return {
    all,
    followingDeploy,
    get: (name) => byName.get(name),
    allowedActions(status, customActions = []) {
      const base = status.allowedActions ?? byName.get(status.name)?.allowedActions ?? [];
      const custom = customActions
        .filter((action) => action.allowedStateStatusNames.includes(status.name))
        .map((action) => action.name);
      return [...new Set([...base, ...custom])];
    },
  };
}
