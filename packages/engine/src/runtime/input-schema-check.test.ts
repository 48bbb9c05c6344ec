import { describe, expect, it } from 'vitest';
import { compileInputSchema, MAX_INPUT_SCHEMA_LENGTH } from './input-schema-check';
import type { InputSchemaCheck } from './input-schema-check';

function compiled(schema: unknown): InputSchemaCheck {
  const result = compileInputSchema(JSON.stringify(schema));
  if (!result.ok) throw new Error(result.message);
  return result.check;
}

function refusal(text: string): string {
  const result = compileInputSchema(text);
  if (result.ok) throw new Error(`compiled: ${text.slice(0, 80)}`);
  return result.message;
}

const schema = {
  type: 'object',
  required: ['amount'],
  additionalProperties: false,
  properties: {
    amount: { type: 'integer' },
    currency: { type: 'string', enum: ['EUR', 'PLN'] },
    tags: { type: 'array', items: { type: 'string' } },
    note: { type: ['string', 'null'] },
  },
};

describe('compileInputSchema', () => {
  it('accepts a conforming body, and every body without a schema', () => {
    expect(compiled(schema)({ amount: 3, currency: 'EUR', tags: ['a'], note: null })).toEqual([]);
    expect(compiled({})('anything')).toEqual([]);
    const empty = compileInputSchema('  ');
    expect(empty.ok && empty.check({ any: 1 })).toEqual([]);
  });

  it('points at every violation with a JSON pointer', () => {
    expect(compiled(schema)({ currency: 'USD', tags: ['a', 1], extra: true, note: 5 })).toEqual([
      { path: '/amount', message: 'missing required property amount' },
      { path: '/extra', message: 'unexpected property extra' },
      { path: '/currency', message: '/currency must be one of ["EUR","PLN"]' },
      { path: '/tags/1', message: '/tags/1 must be string' },
      { path: '/note', message: '/note must be string,null' },
    ]);
    expect(compiled(schema)([1])).toEqual([{ path: '', message: 'the body must be object' }]);
    expect(compiled(schema)({ amount: 1.5 })).toEqual([{ path: '/amount', message: '/amount must be integer' }]);
  });

  it('checks the keywords a hand-written subset missed', () => {
    const check = compiled({
      $defs: { positive: { type: 'number', exclusiveMinimum: 0 } },
      type: 'object',
      properties: {
        price: { $ref: '#/$defs/positive' },
        at: { type: 'string', format: 'date-time' },
        mail: { type: 'string', format: 'email' },
        code: { type: 'string', maxLength: 3, pattern: '^[A-Z]+$' },
        age: { type: 'integer', minimum: 18 },
        id: { oneOf: [{ type: 'integer' }, { type: 'string', format: 'uuid' }] },
        contact: { anyOf: [{ required: ['phone'] }, { required: ['mail'] }] },
      },
    });
    expect(
      check({ price: 2, at: '2026-11-23T10:00:00Z', mail: 'a@b.pl', code: 'ABC', age: 18, id: 7, contact: { phone: '1' } }),
    ).toEqual([]);
    const violations = check({ price: 0, at: 'yesterday', mail: 'nobody', code: 'abcd', age: 17, id: 'x', contact: {} });
    expect(violations.map((v) => v.path)).toEqual(
      expect.arrayContaining(['/price', '/at', '/mail', '/code', '/age', '/id', '/contact']),
    );
    expect(violations).toContainEqual({ path: '/at', message: '/at must match format "date-time"' });
    expect(violations).toContainEqual({ path: '/code', message: '/code must NOT have more than 3 characters' });
    expect(violations).toContainEqual({ path: '/age', message: '/age must be >= 18' });
    expect(violations).toContainEqual({ path: '/id', message: '/id must match exactly one schema in oneOf' });
    expect(violations).toContainEqual({ path: '/contact', message: '/contact must match a schema in anyOf' });
  });

  it('refuses schemas it cannot use, without fetching remote references', () => {
    expect(refusal('{')).toBe('The inputSchema is not JSON');
    expect(refusal('[1]')).toBe('The inputSchema must be a JSON object or a boolean');
    expect(refusal(JSON.stringify({ type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } }))).toMatch(
      /not a usable JSON Schema: can't resolve reference https:\/\/example.com\/a.json/,
    );
    expect(refusal(JSON.stringify({ type: 'nothing' }))).toMatch(/not a usable JSON Schema/);
    expect(refusal(JSON.stringify({ description: 'x'.repeat(MAX_INPUT_SCHEMA_LENGTH) }))).toMatch(/longer than/);
    expect(refusal('{"not":'.repeat(1100) + '{}' + '}'.repeat(1100))).toMatch(/nests deeper/);
  });

  it('runs patterns on a linear-time engine and refuses what it cannot run linearly', () => {
    // On JavaScript's RegExp this input takes exponential time; here it is answered at once.
    const check = compiled({ type: 'string', pattern: '^(a+)+$' });
    expect(check(`${'a'.repeat(5000)}!`)).toEqual([{ path: '', message: 'the body must match pattern "^(a+)+$"' }]);
    expect(check('aaaa')).toEqual([]);
    expect(compiled({ type: 'string', pattern: 'b' })('abc')).toEqual([]);
    expect(refusal(JSON.stringify({ type: 'string', pattern: '^(a)\\1$' }))).toMatch(/back-reference/);
    expect(refusal(JSON.stringify({ patternProperties: { '(?=a)': {} } }))).toMatch(/not a usable JSON Schema/);
  });

  it('reports a bounded number of violations', () => {
    const violations = compiled({ type: 'array', items: { type: 'string' } })(Array.from({ length: 1000 }, (_, i) => i));
    expect(violations).toHaveLength(50);
  });
});
