import { describe, expect, it } from 'vitest';
import { tryItBody, tryItFields } from './endpoint-form';

describe('the "try it" form of a request-response endpoint', () => {
  const schema = JSON.stringify({
    type: 'object',
    properties: { customer: { type: 'string' }, amount: { type: 'integer' }, vip: { type: 'boolean' }, tags: { type: 'array', items: { type: 'string' } } },
    required: ['amount'],
  });

  it('has one field per top-level property, typed by the schema', () => {
    expect(tryItFields(schema)).toEqual([
      { name: 'customer', type: 'string', required: false },
      { name: 'amount', type: 'integer', required: true },
      { name: 'vip', type: 'boolean', required: false },
      { name: 'tags', type: 'json', required: false },
    ]);
    expect(tryItFields(undefined)).toEqual([]);
    expect(tryItFields('{not json')).toEqual([]);
    expect(tryItFields('{"type": "object", "properties": []}')).toEqual([]);
  });

  it('builds the body from the values, leaving out empty fields', () => {
    const fields = tryItFields(schema);
    expect(tryItBody(fields, { customer: 'ann', amount: '150', vip: false, tags: '["a"]' })).toEqual({ ok: true, value: { customer: 'ann', amount: 150, vip: false, tags: ['a'] } });
    expect(tryItBody(fields, { amount: '' })).toEqual({ ok: true, value: {} });
    expect(tryItBody(fields, { tags: '[oops' })).toEqual({ ok: false, message: 'tags is not JSON' });
    expect(tryItBody(fields, { amount: 'abc' })).toEqual({ ok: false, message: 'amount is not a number' });
  });
});
