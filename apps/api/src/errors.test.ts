import { DeploymentManagerClosed, DeploymentManagerUnavailable } from '@scenaria/deployment-sdk';
import { describe, expect, it } from 'vitest';
import { EmbeddedDatabaseStopped } from './db/pglite-thread';
import { toApiError } from './errors';

describe('toApiError', () => {
  it("answers a manager's temporary refusals with 503 and when to try again, and leaves other errors to be bugs", () => {
    expect(toApiError(new DeploymentManagerClosed('closed'))).toMatchObject({ status: 503, retryAfterSeconds: 1 });
    expect(toApiError(new DeploymentManagerUnavailable('NATS (127.0.0.1:4222) could not be reached: timeout'))).toMatchObject({
      status: 503,
      retryAfterSeconds: 5,
      message: 'The deployment manager could not reach its runtime: NATS (127.0.0.1:4222) could not be reached: timeout',
    });
    expect(toApiError(new Error('TIMEOUT'))).toBeUndefined();
  });

  it('answers a request whose embedded database thread stopped under it with 503, also when drizzle wrapped the error', () => {
    const stopped = new EmbeddedDatabaseStopped("The embedded database's thread stopped (exit code 1)");
    const expected = { status: 503, retryAfterSeconds: 1, message: "The embedded database stopped: The embedded database's thread stopped (exit code 1). Try again" };
    expect(toApiError(stopped)).toMatchObject(expected);
    expect(toApiError(new Error('Failed query: select 1', { cause: stopped }))).toMatchObject(expected);
  });
});
