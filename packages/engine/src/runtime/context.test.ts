import { describe, expect, it } from 'vitest';
import { createScope, freshContext, sourceContext, withOnlyVariables, withVariable } from './context';

describe('runtime context variables', () => {
  it('keeps variables named like Object.prototype members as own properties', () => {
    let context = sourceContext('c', 1, 0, createScope());
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) context = withVariable(context, name, `value of ${name}`);
    const next = withVariable(context, 'later', 2);
    for (const variables of [context.variables, next.variables, withOnlyVariables(next, next.variables).variables, freshContext('f', 0, next.variables).variables]) {
      expect(Object.getPrototypeOf(variables)).toBe(Object.prototype);
      expect(Object.keys(variables)).toEqual(expect.arrayContaining(['input', '__proto__', 'constructor', 'toString', 'hasOwnProperty']));
      expect(Object.hasOwn(variables, '__proto__') && variables['__proto__']).toBe('value of __proto__');
      expect(variables['toString']).toBe('value of toString');
    }
  });
});
