import { describe, expect, it } from 'vitest';
import { DEFAULT_LABEL_VALIDATION_RULES, LabelValidationRuleSchema, validateScenarioLabels } from './labels';
import { validateScenario } from './validate-scenario';
import { defaultModel } from '@scenaria/components';
import { chain, nodes as n } from './test-utils';

// The rules of the designer's default configuration (apps/api/config/default.json).
const configured = [
  { validationPattern: '^[\\w-]+$', validationMessage: "Scenario label can contain only letters, digits, '-' and '_'" },
  { validationPattern: '^.{1,20}$', validationMessage: 'Scenario label can contain up to 20 characters' },
];

describe('validateScenarioLabels with configured rules', () => {
  it('gives each failed rule its configured message, then the uniqueness message', () => {
    expect(validateScenarioLabels(['ok-label', 'not ok', 'x'.repeat(21), 'ok-label'], configured)).toEqual([
      { label: 'not ok', messages: ["Scenario label can contain only letters, digits, '-' and '_'"] },
      { label: 'x'.repeat(21), messages: ['Scenario label can contain up to 20 characters'] },
      { label: 'ok-label', messages: ['Label has to be unique'] },
    ]);
  });

  it('replaces the default rules instead of adding to them', () => {
    expect(validateScenarioLabels(['_leading-underscore'], configured)).toEqual([]);
    expect(validateScenarioLabels(['_leading-underscore'])).toHaveLength(1);
  });

  it('refuses blank labels and repeats even with no rules', () => {
    expect(validateScenarioLabels(['', '  ', 'anything at all!', 'anything at all!'], [])).toEqual([
      { label: '', messages: ['Label cannot be blank'] },
      { label: '  ', messages: ['Label cannot be blank'] },
      { label: 'anything at all!', messages: ['Label has to be unique'] },
    ]);
  });

  it('checks a configured rule before it is used', () => {
    expect(LabelValidationRuleSchema.safeParse(configured[0]).success).toBe(true);
    expect(LabelValidationRuleSchema.safeParse({ validationPattern: '([a-z', validationMessage: 'broken' }).success).toBe(false);
    for (const rule of DEFAULT_LABEL_VALIDATION_RULES) expect(LabelValidationRuleSchema.safeParse(rule).success).toBe(true);
  });
});

describe('the default rules', () => {
  it('report each problem of a label once', () => {
    expect(validateScenarioLabels(['', ' x', 'a'.repeat(65), 'no!', 'Zażółć 1'])).toEqual([
      { label: '', messages: ['Label cannot be blank'] },
      { label: ' x', messages: ['Label cannot start or end with whitespace'] },
      { label: 'a'.repeat(65), messages: ['Label cannot be longer than 64 characters'] },
      { label: 'no!', messages: ['Label can contain only letters, digits, spaces and - _ . : / #, and must start with a letter or digit'] },
    ]);
  });
});

describe('labels in scenario validation', () => {
  it('are checked against the rules given', () => {
    const graph = chain([n.source('source', 'event-generator', { schedule: "T(java.time.Duration).parse('PT1M')", count: '1', value: '1' }), n.sink('end')]);
    const codes = (labels: string[], labelRules?: typeof configured) =>
      validateScenario(graph, defaultModel('streaming'), { labels, ...(labelRules ? { labelRules } : {}) }).errors.processPropertiesErrors.map((e) => [e.typ, e.fieldName]);
    expect(codes(['team payments'])).toEqual([]);
    expect(codes(['team payments'], configured)).toEqual([['ScenarioLabelValidationError', '$labels']]);
  });
});
