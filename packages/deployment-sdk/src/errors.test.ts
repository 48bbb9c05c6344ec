import { describe, expect, it } from 'vitest';
import { DeploymentManagerClosed, DeploymentManagerUnavailable, isDeploymentManagerClosed, isDeploymentManagerUnavailable } from './errors';

describe('isDeploymentManagerClosed', () => {
  it('knows the refusal by its code, whichever copy of the SDK made it, and nothing else', () => {
    expect(isDeploymentManagerClosed(new DeploymentManagerClosed('closed'))).toBe(true);
    expect(isDeploymentManagerClosed(Object.assign(new Error('closed'), { code: 'DeploymentManagerClosed' }))).toBe(true);
    expect(isDeploymentManagerClosed(new Error('The embedded deployment manager is closed'))).toBe(false);
    expect(isDeploymentManagerClosed(new DeploymentManagerUnavailable('unreachable'))).toBe(false);
    expect(isDeploymentManagerClosed(undefined)).toBe(false);
  });
});

describe('isDeploymentManagerUnavailable', () => {
  it('knows the report by its code, whichever copy of the SDK made it, and nothing else', () => {
    expect(isDeploymentManagerUnavailable(new DeploymentManagerUnavailable('unreachable'))).toBe(true);
    expect(isDeploymentManagerUnavailable(Object.assign(new Error('unreachable'), { code: 'DeploymentManagerUnavailable' }))).toBe(true);
    expect(isDeploymentManagerUnavailable(new DeploymentManagerClosed('closed'))).toBe(false);
    expect(isDeploymentManagerUnavailable(new Error('TIMEOUT'))).toBe(false);
    expect(isDeploymentManagerUnavailable(null)).toBe(false);
  });
});
