import { describe, expect, it } from 'vitest';
import { DeploymentManagerClosed, DeploymentManagerUnavailable, findCause, isDeploymentManagerClosed, isDeploymentManagerUnavailable } from './errors';

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

describe('findCause', () => {
  const isClosed = (error: Error): error is DeploymentManagerClosed => error instanceof DeploymentManagerClosed;

  it('finds the error itself or one its causes wrap, the outermost first', () => {
    const inner = new DeploymentManagerClosed('inner');
    const outer = new DeploymentManagerClosed('outer', { cause: inner });
    expect(findCause(inner, isClosed)).toBe(inner);
    expect(findCause(new Error('query failed', { cause: new Error('wrapped', { cause: inner }) }), isClosed)).toBe(inner);
    expect(findCause(outer, isClosed)).toBe(outer);
  });

  it('looks no deeper than asked, ends on a cause that is no error, and survives a chain that loops', () => {
    const deep = new Error('1', { cause: new Error('2', { cause: new Error('3', { cause: new DeploymentManagerClosed('4') }) }) });
    expect(findCause(deep, isClosed, 3)).toBeUndefined();
    expect(findCause(deep, isClosed, 4)?.message).toBe('4');
    expect(findCause(new Error('x', { cause: 'a string' }), isClosed)).toBeUndefined();
    expect(findCause('not an error', isClosed)).toBeUndefined();
    const looping = new Error('a');
    looping.cause = new Error('b', { cause: looping });
    expect(findCause(looping, isClosed)).toBeUndefined();
  });
});
