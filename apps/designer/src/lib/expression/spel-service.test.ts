import { describe, expect, it } from 'vitest';
import { createSpelService } from './spel-service';
import type { TypingResultJson } from '@scenaria/typing';
import type { ExpressionContext } from './expression-service';

const string: TypingResultJson = { type: 'TypedClass', refClazzName: 'java.lang.String', params: [], display: 'String' };
const input: TypingResultJson = {
  type: 'TypedObjectTypingResult',
  refClazzName: 'java.util.HashMap',
  params: [string, { type: 'Unknown', refClazzName: 'java.lang.Object', params: [], display: 'Unknown' }],
  fields: { name: string, amount: { type: 'TypedClass', refClazzName: 'java.lang.Integer', params: [], display: 'Integer' } },
  display: 'Record{amount: Integer, name: String}',
};
const context: ExpressionContext = { language: 'spel', variables: { input } };

describe('spel expression service', () => {
  const service = createSpelService();

  it('types expressions against the node variables', () => {
    expect(service.check('#input.amount + 1', context)).toEqual({ type: 'Integer', problems: [] });
    expect(service.check('1 + 2', context).type).toBe('Integer(3)');
  });

  it('reports errors with their place in the text', () => {
    const check = service.check('#input.nosuch > 1', context);
    expect(check.type).toBeUndefined();
    expect(check.problems.length).toBeGreaterThan(0);
    expect(check.problems[0]?.from).toBeGreaterThanOrEqual(0);
    expect(check.problems[0]?.to).toBeLessThanOrEqual('#input.nosuch > 1'.length);
  });

  it('does not flag unknown variables before validation has reported them', () => {
    expect(service.check('#input.amount > 1', { language: 'spel', variables: {} }).problems.length).toBeGreaterThan(0);
    expect(service.check('#input.amount > 1', { language: 'spel', variables: {}, variablesKnown: false }).problems).toEqual([]);
    expect(service.check('#input.amount >', { language: 'spel', variables: {}, variablesKnown: false }).problems.length).toBeGreaterThan(0);
    // an expression that uses no variable is typed fully even then
    expect(service.check("'a' - 1", { language: 'spel', variables: {}, variablesKnown: false }).problems.length).toBeGreaterThan(0);
  });

  it('types variables the context brings before validation (#meta) in full', () => {
    const meta: TypingResultJson = { ...input, fields: { processName: string }, display: 'Record{processName: String}' };
    const beforeValidation: ExpressionContext = { language: 'spel', variables: { meta }, variablesKnown: false };
    expect(service.check('#meta.processName', beforeValidation)).toEqual({ type: 'String', problems: [] });
    expect(service.check('#meta.noSuchField', beforeValidation).problems.length).toBeGreaterThan(0);
    // with a variable only validation can type, its errors are still held back
    expect(service.check('#meta.noSuchField == #input', beforeValidation).problems).toEqual([]);
  });

  it('checks the expected type of a field', () => {
    const boolean: TypingResultJson = { type: 'TypedClass', refClazzName: 'java.lang.Boolean', params: [], display: 'Boolean' };
    expect(service.check('#input.name', { ...context, expectedType: boolean }).problems[0]?.message).toMatch(/expected/i);
  });

  it('completes variables and record fields', () => {
    const variables = service.complete('#in', 3, context);
    expect(variables.from).toBe(0);
    expect(variables.items.map((item) => item.label)).toContain('#input');
    const fields = service.complete('#input.am', 9, context);
    expect(fields.items.map((item) => item.label)).toContain('amount');
    expect(fields.from).toBe(7);
  });

  it('treats empty text as nothing to check and types templates', () => {
    expect(service.check('  ', context)).toEqual({ problems: [] });
    expect(service.check('Hello #{#input.name}', { ...context, language: 'spelTemplate' }).type).toBe('String');
  });
});
