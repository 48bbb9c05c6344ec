import { describe, expect, it } from 'vitest';
import { checkJsonSchema } from './json-schema-check';

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

describe('checkJsonSchema', () => {
  it('accepts a conforming body', () => {
    expect(checkJsonSchema(schema, { amount: 3, currency: 'EUR', tags: ['a'], note: null })).toEqual([]);
    expect(checkJsonSchema({}, 'anything')).toEqual([]);
  });

  it('points at every violation', () => {
    expect(checkJsonSchema(schema, { currency: 'USD', tags: ['a', 1], extra: true, note: 5 })).toEqual([
      { path: '/amount', message: 'missing required property amount' },
      { path: '/currency', message: '/currency should be one of ["EUR","PLN"]' },
      { path: '/tags/1', message: '/tags/1 should be string' },
      { path: '/extra', message: 'unexpected property extra' },
      { path: '/note', message: '/note should be string or null' },
    ]);
    expect(checkJsonSchema(schema, [1])).toEqual([{ path: '', message: 'the body should be object' }]);
    expect(checkJsonSchema(schema, { amount: 1.5 })).toEqual([{ path: '/amount', message: '/amount should be integer' }]);
  });
});
