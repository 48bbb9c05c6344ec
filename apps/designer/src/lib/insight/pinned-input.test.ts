import { describe, expect, it } from 'vitest';
import { adhocValuesOf } from './pinned-input';

describe('adhocValuesOf', () => {
  it("fills each form field with the record's field of that name, as SpEL", () => {
    expect(adhocValuesOf(['amount', 'customer', 'missing'], { amount: 150, customer: "ann's", extra: 1 })).toEqual({ amount: '150', customer: "'ann''s'" });
  });

  it('gives the whole record to a form of one field the record does not name', () => {
    expect(adhocValuesOf(['Value'], { amount: 5 })).toEqual({ Value: '{amount: 5}' });
    expect(adhocValuesOf(['Value'], 'text')).toEqual({ Value: "'text'" });
  });
});
