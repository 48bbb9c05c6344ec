import { describe, expect, it } from 'vitest';
import { DeploymentManagerClosed, isDeploymentManagerClosed } from './errors';

describe('isDeploymentManagerClosed', () => {
  it('knows the refusal by its code, whichever copy of the SDK made it, and nothing else', () => {
    expect(isDeploymentManagerClosed(new DeploymentManagerClosed('closed'))).toBe(true);
    expect(isDeploymentManagerClosed(Object.assign(new Error('closed'), { code: 'DeploymentManagerClosed' }))).toBe(true);
    expect(isDeploymentManagerClosed(new Error('The embedded deployment manager is closed'))).toBe(false);
    expect(isDeploymentManagerClosed(undefined)).toBe(false);
  });
});
