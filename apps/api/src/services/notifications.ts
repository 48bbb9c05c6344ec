import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Notification } from '@scenaria/api-contract';
import type { AuthenticatedUser } from '../auth/users';
import { scenarioActions, scenarios } from '../db/schema';
import type { ServiceContext } from './context';

// Nussknacker keeps notifications for 24 hours (`notifications.duration` of its default configuration).
const NOTIFICATION_WINDOW_MS = 24 * 60 * 60 * 1000;

const DISPLAYED_NAME: Record<string, string> = { DEPLOY: 'Deployment', CANCEL: 'Cancel' };

/**
 * The user's deploy and cancel outcomes, read from the actions DeploymentService records when they finish.
 * A finished action gives a refresh-only notification (null `type`): the front end shows the new status
 * itself; a failure gives an error with the reason.
 */
export class NotificationService {
  constructor(private readonly context: ServiceContext) {}

  async list(user: AuthenticatedUser): Promise<Notification[]> {
    const since = new Date(this.context.now().getTime() - NOTIFICATION_WINDOW_MS);
    const rows = await this.context.db
      .select({ action: scenarioActions, scenarioName: scenarios.name })
      .from(scenarioActions)
      .innerJoin(scenarios, eq(scenarios.id, scenarioActions.scenarioId))
      .where(
        and(
          eq(scenarioActions.user, user.username),
          inArray(scenarioActions.actionName, Object.keys(DISPLAYED_NAME)),
          inArray(scenarioActions.state, ['FINISHED', 'EXECUTION_FINISHED', 'FAILED']),
          gt(scenarioActions.performedAt, since),
        ),
      )
      .orderBy(asc(scenarioActions.performedAt))
      .limit(1000);
    return rows.map(({ action, scenarioName }) => {
      const displayed = DISPLAYED_NAME[action.actionName]!;
      if (action.state === 'FAILED') {
        const reason = action.failureMessage ? ` with reason: ${action.failureMessage}` : '';
        return { id: action.id, scenarioName, message: `${displayed} of ${scenarioName} failed${reason}`, type: 'error', toRefresh: ['state'] };
      }
      // A distinct id once the execution finished, so the front end refreshes again then.
      const executionFinished = action.state === 'EXECUTION_FINISHED';
      return {
        id: executionFinished ? `${action.id}-ExecutionFinished` : action.id,
        scenarioName,
        message: executionFinished ? `${displayed} execution finished` : `${displayed} finished`,
        type: null,
        toRefresh: ['versions', 'activity', 'state'],
      };
    });
  }
}
