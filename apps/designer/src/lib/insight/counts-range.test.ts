import { describe, expect, it } from 'vitest';
import { countsQueryOf } from './counts-range';

describe('countsQueryOf', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('asks for the current deployment without a range, and for the last hour or day ending now', () => {
    expect(countsQueryOf({ preset: 'deployment' }, now)).toEqual({});
    expect(countsQueryOf({ preset: 'hour' }, now)).toEqual({ dateFrom: '2026-11-23T11:00:00.000Z', dateTo: '2026-11-23T12:00:00.000Z' });
    expect(countsQueryOf({ preset: 'day' }, now).dateFrom).toBe('2026-11-22T12:00:00.000Z');
  });

  it('sends the ends of a custom range the user filled in, and leaves out empty or broken ones', () => {
    const query = countsQueryOf({ preset: 'custom', from: '2001-01-01T10:00', to: '' }, now);
    expect(Object.keys(query)).toEqual(['dateFrom']);
    expect(new Date(query.dateFrom ?? '').getFullYear()).toBe(2001);
    expect(countsQueryOf({ preset: 'custom', from: 'soon' }, now)).toEqual({});
  });
});
