import { describe, expect, it } from 'vitest';
import { CustomActionDefinitionSchema, validateCustomActionParams } from './custom-actions';

describe('validateCustomActionParams', () => {
  const definition = CustomActionDefinitionSchema.parse({
    name: 'restart',
    allowedStateStatusNames: ['RUNNING'],
    parameters: [
      { name: 'reason', editor: { type: 'StringParameterEditor' }, required: true },
      { name: 'delay', editor: { type: 'StringParameterEditor' } },
    ],
  });

  it('accepts the defined parameters and defaults the optional fields', () => {
    expect(validateCustomActionParams(definition, { reason: 'upgrade' })).toEqual([]);
    expect(definition).toMatchObject({ icon: null, isStateChanging: false });
  });

  it('reports missing, empty and unknown parameters by code', () => {
    expect(validateCustomActionParams(definition, {}).map((i) => i.code)).toEqual(['MissingCustomActionParameter']);
    expect(validateCustomActionParams(definition, { reason: ' ' }).map((i) => i.code)).toEqual(['EmptyMandatoryParameter']);
    expect(validateCustomActionParams(definition, { reason: 'x', speed: '2' })).toEqual([
      { code: 'UnknownCustomActionParameter', paramName: 'speed', message: 'Unknown parameter: speed' },
    ]);
  });
});
