import type { ProcessAction, ProcessState, StatusDefinition } from '@scenaria/api-contract';

interface StatusInfo {
  displayableName: string;
  icon: string;
  tooltip: string;
  description: string;
  allowedActions: string[];
}

// Names, icons and default allowed actions of the statuses of the reference (semantics.md §1).
const STATUSES: Record<string, StatusInfo> = {
  NOT_DEPLOYED: {
    displayableName: 'Not deployed',
    icon: '/assets/states/not-deployed.svg',
    tooltip: 'The scenario is not deployed.',
    description: 'The scenario is not deployed.',
    allowedActions: ['DEPLOY', 'ARCHIVE', 'RENAME'],
  },
  DURING_DEPLOY: {
    displayableName: 'During deploy',
    icon: '/assets/states/deploy-running-animated.svg',
    tooltip: 'The scenario has been already started and currently is being deployed.',
    description: 'The scenario is being deployed.',
    allowedActions: ['DEPLOY', 'CANCEL'],
  },
  RUNNING: {
    displayableName: 'Running',
    icon: '/assets/states/deploy-success.svg',
    tooltip: 'The scenario has been successfully deployed and currently is running.',
    description: 'The scenario is running.',
    allowedActions: ['CANCEL', 'PAUSE', 'DEPLOY'],
  },
  FINISHED: {
    displayableName: 'Finished',
    icon: '/assets/states/success.svg',
    tooltip: 'The scenario completed successfully.',
    description: 'The scenario has finished.',
    allowedActions: ['DEPLOY', 'ARCHIVE', 'RENAME'],
  },
  RESTARTING: {
    displayableName: 'Restarting',
    icon: '/assets/states/deploy-restart-animated.svg',
    tooltip: 'Scenario was deployed but now is restarting...',
    description: 'Scenario is restarting...',
    allowedActions: ['DEPLOY', 'CANCEL'],
  },
  DURING_CANCEL: {
    displayableName: 'During cancel',
    icon: '/assets/states/stopping-running-animated.svg',
    tooltip: 'The scenario currently is being canceled.',
    description: 'The scenario is being canceled.',
    allowedActions: ['DEPLOY', 'CANCEL'],
  },
  CANCELED: {
    displayableName: 'Canceled',
    icon: '/assets/states/stopping-success.svg',
    tooltip: 'The scenario has been successfully cancelled.',
    description: 'The scenario is canceled.',
    allowedActions: ['DEPLOY', 'ARCHIVE', 'RENAME'],
  },
  PROBLEM: {
    displayableName: 'Problem',
    icon: '/assets/states/error.svg',
    tooltip: 'There are some problems with scenario.',
    description: 'There are some problems with scenario.',
    allowedActions: ['DEPLOY', 'CANCEL'],
  },
};

/** Every status, with the categories it applies to. */
export function statusDefinitions(categories: string[]): StatusDefinition[] {
  return Object.entries(STATUSES).map(([name, info]) => ({
    name,
    displayableName: info.displayableName,
    icon: info.icon,
    tooltip: info.tooltip,
    categories,
  }));
}

function stateOf(name: string, problem?: { message: string; allowedActions?: string[] }): ProcessState {
  const info = STATUSES[name];
  if (!info) throw new Error(`Unknown status ${name}`);
  return {
    status: { name },
    allowedActions: problem?.allowedActions ?? info.allowedActions,
    icon: info.icon,
    tooltip: problem?.message ?? info.tooltip,
    description: problem?.message ?? info.description,
    errors: [],
  };
}

/**
 * The state of a (non-fragment) scenario from its last state action (semantics.md §1). This server has no
 * engine connection yet, so the branches that need an engine answer report that the state cannot be fetched
 * rather than guessing.
 */
export function computeState(isArchived: boolean, lastStateAction: ProcessAction | undefined): ProcessState {
  if (isArchived) {
    if (!lastStateAction) return stateOf('NOT_DEPLOYED');
    if (lastStateAction.actionName === 'CANCEL') return stateOf('CANCELED');
    if (lastStateAction.actionName === 'DEPLOY' && lastStateAction.state === 'EXECUTION_FINISHED') return stateOf('FINISHED');
    return stateOf('PROBLEM', { message: 'Archived scenario should be canceled.', allowedActions: ['CANCEL'] });
  }
  if (lastStateAction?.state === 'IN_PROGRESS') {
    if (lastStateAction.actionName === 'DEPLOY') return stateOf('DURING_DEPLOY');
    if (lastStateAction.actionName === 'CANCEL') return stateOf('DURING_CANCEL');
  }
  if (!lastStateAction) return stateOf('NOT_DEPLOYED');
  if (lastStateAction.actionName === 'CANCEL') return stateOf('CANCELED');
  return stateOf('PROBLEM', { message: 'Failed to get a state of the scenario.' });
}

/** Actions that change what runs, so count as the last state action. */
export const STATE_ACTIONS: ReadonlySet<string> = new Set(['DEPLOY', 'CANCEL']);
