import { defaultModel } from '@scenaria/components';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from './errors';
import { validateScenarioProperties } from './properties';
import { describeErrors, errorCount, hasErrors, isSaveBlocked, ValidationResultSchema } from './result';
import { chain, nodes as n, properties } from './test-utils';
import { validateScenario } from './validate-scenario';

const streaming = defaultModel('streaming');

describe('validation results', () => {
  it('saves scenarios with ordinary errors but not with render-blocking ones', () => {
    const ordinary = validateScenario(chain([n.source('s', 'nope'), n.sink('e')]), streaming);
    expect(hasErrors(ordinary)).toBe(true);
    expect(isSaveBlocked(ordinary)).toBe(false);
    const duplicated = validateScenario({ ...chain([n.source('s', 'nope'), n.sink('e')]), nodes: [n.source('s', 'nope'), n.sink('e'), n.sink('e')] }, streaming);
    expect(isSaveBlocked(duplicated)).toBe(true);
  });

  it('counts errors and describes each with its node and field', () => {
    const result = validateScenario(chain([n.source('s', 'nope'), n.sink('e')]), streaming);
    const lines = describeErrors(result);
    expect(errorCount(result)).toBe(lines.length);
    expect(lines.length).toBeGreaterThan(0);
    for (const [nodeId, list] of Object.entries(result.errors.invalidNodes)) {
      for (const error of list) expect(lines).toContain(`${error.fieldName ? `${nodeId} (${error.fieldName})` : nodeId}: ${error.message}`);
    }
    const withGlobal = { errors: { invalidNodes: {}, processPropertiesErrors: [], globalErrors: [{ error: result.errors.invalidNodes['s']![0]!, nodeIds: ['a', 'b'] }] } };
    expect(describeErrors(withGlobal)).toEqual([`a, b: ${result.errors.invalidNodes['s']![0]!.message}`]);
    expect(errorCount({ errors: { invalidNodes: {}, processPropertiesErrors: [], globalErrors: [] } })).toBe(0);
  });

  it('leaves node results out when asked to', () => {
    const result = validateScenario(chain([n.source('s', 'nope'), n.sink('e')]), streaming, { skipNodeResults: true });
    expect(result.nodeResults).toEqual({});
    expect(ValidationResultSchema.parse(result)).toEqual(result);
  });

  it('has a description for every error type of the catalogue', () => {
    for (const [typ, [errorType, description]] of Object.entries(errorCatalogue)) {
      expect(['SaveAllowed', 'SaveNotAllowed', 'RenderNotAllowed'], typ).toContain(errorType);
      expect(description.length, typ).toBeGreaterThan(10);
    }
  });
});

describe('scenario properties', () => {
  it('accepts the defaults and checks fragment properties against the fragment config', () => {
    expect(validateScenarioProperties(properties('StreamMetaData', { parallelism: '4', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' }), streaming, { isFragment: false })).toEqual([]);
    expect(validateScenarioProperties(properties('FragmentSpecificData', { docsUrl: '', componentGroup: 'x', icon: '' }), streaming, { isFragment: true })).toEqual([]);
    const wrong = validateScenarioProperties(properties('FragmentSpecificData', { parallelism: '1' }), streaming, { isFragment: true });
    expect(wrong.map((e) => [e.typ, e.fieldName])).toEqual([['UnknownProperty', 'parallelism']]);
  });

  it('checks the request-response slug pattern', () => {
    const errors = validateScenarioProperties(properties('RequestResponseMetaData', { slug: 'a b' }), defaultModel('request-response'), { isFragment: false });
    expect(errors.map((e) => [e.typ, e.fieldName])).toEqual([['MismatchParameter', 'slug']]);
  });
});
