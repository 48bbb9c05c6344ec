import { describe, expect, it } from 'vitest';
import { variableTypes } from '../../test/fixture-context';
import { suggestExpression } from './suggest';

function labels(text: string, cursor = text.length): string[] {
  return suggestExpression(text, cursor, variableTypes).suggestions.map((s) => s.label);
}

describe('suggestExpression', () => {
  it('offers variables after #', () => {
    const result = suggestExpression('#in', 3, variableTypes);
    expect(result.suggestions.map((s) => s.label)).toEqual(['#input']);
    expect(result.range).toEqual({ start: 0, end: 3 });
  });

  it('offers helper globals with their documentation', () => {
    const result = suggestExpression('#CO', 3, variableTypes);
    const collection = result.suggestions.find((s) => s.label === '#COLLECTION');
    expect(collection?.documentation).toContain('lists');
  });

  it('offers all variables after a lone #', () => {
    expect(labels('#')).toEqual(expect.arrayContaining(['#input', '#meta', '#COLLECTION', '#DATE', '#x']));
  });

  it('offers record fields and methods after a dot', () => {
    const result = suggestExpression('#input.na', 9, variableTypes);
    expect(result.suggestions.map((s) => s.label)).toContain('name');
    expect(result.range).toEqual({ start: 7, end: 9 });
    expect(result.suggestions.find((s) => s.label === 'name')?.detail).toBe('String');
  });

  it('offers nested record fields', () => {
    expect(labels('#input.address.')).toEqual(expect.arrayContaining(['city', 'zip']));
  });

  it('offers String methods with signatures', () => {
    const result = suggestExpression("'abc'.subs", 10, variableTypes);
    const details = result.suggestions.map((s) => s.detail);
    expect(details).toEqual(expect.arrayContaining(['substring(beginIndex: Integer): String', 'substring(beginIndex: Integer, endIndex: Integer): String']));
  });

  it('offers conversion methods only where they apply', () => {
    expect(labels("'1'.toLo")).toEqual(expect.arrayContaining(['toLong', 'toLongOrNull']));
    expect(labels('#input.tags.toLo')).not.toContain('toLong');
    expect(labels('#input.tags.toLi')).toContain('toList');
  });

  it('offers helper functions with docs', () => {
    const result = suggestExpression('#COLLECTION.', 12, variableTypes);
    const concat = result.suggestions.find((s) => s.label === 'concat');
    expect(concat?.detail).toBe('concat(list: List[Unknown], lists: List[Unknown]...): List[Unknown]');
    expect(concat?.documentation).toBe('Concatenates lists');
    expect(result.suggestions.map((s) => s.label)).toEqual(expect.arrayContaining(['merge', 'sortedAscBy', 'flatten']));
  });

  it('completes inside unfinished method arguments', () => {
    expect(labels('#COLLECTION.join(#input.')).toEqual(expect.arrayContaining(['tags', 'clients']));
  });

  it('completes #this members inside a selection', () => {
    expect(labels('#input.clients.?[#this.')).toEqual(expect.arrayContaining(['vip', 'name', 'age']));
  });

  it('completes bare names inside a selection as fields of #this', () => {
    expect(labels('#input.clients.?[na')).toContain('name');
  });

  it('offers List methods on list-typed values', () => {
    expect(labels('#input.tags.')).toEqual(expect.arrayContaining(['size', 'contains', 'get', 'isEmpty']));
  });

  it('offers methods of the element after an indexer', () => {
    expect(labels('#input.tags[0].toUp')).toEqual(['toUpperCase']);
  });

  it('offers class names inside T(...)', () => {
    const result = suggestExpression('T(java.lang.Ma', 14, variableTypes);
    expect(result.suggestions.map((s) => s.label)).toContain('java.lang.Math');
    expect(result.range).toEqual({ start: 2, end: 14 });
    expect(labels('T(Big')).toEqual(expect.arrayContaining(['BigDecimal', 'BigInteger']));
  });

  it('never offers non-whitelisted classes', () => {
    expect(labels('T(java.lang.')).not.toContain('java.lang.System');
    expect(labels('T(java.lang.')).not.toContain('java.lang.Runtime');
  });

  it('offers static members after T(...)', () => {
    expect(labels('T(java.lang.Math).')).toEqual(expect.arrayContaining(['max', 'min', 'PI']));
    expect(labels('T(Integer).MA')).toContain('MAX_VALUE');
  });

  it('offers members of Unknown values (Object methods and conversions)', () => {
    expect(labels('#unknown.')).toEqual(expect.arrayContaining(['toString', 'canBe', 'to', 'toLong', 'toMap']));
  });

  it('offers variables at the start of an expression', () => {
    expect(labels('')).toEqual(expect.arrayContaining(['#input', '#COLLECTION']));
  });

  it('offers nothing inside a string literal', () => {
    expect(labels("'abc.")).toEqual([]);
  });

  it('uses the cursor, not the end of the text', () => {
    const text = '#input.na + 1';
    expect(suggestExpression(text, 9, variableTypes).suggestions.map((s) => s.label)).toContain('name');
  });

  it('offers fields with odd names as indexers', () => {
    const result = suggestExpression('{"b c": 1}.', 11, {});
    expect(result.suggestions.find((s) => s.label === 'b c')?.insertText).toBe("['b c']");
  });

  it('offers DATE constants and functions', () => {
    expect(labels('#DATE.MON')).toEqual(['MONDAY']);
    expect(labels('#DATE.now')).toEqual(expect.arrayContaining(['now', 'nowAtZone', 'nowAtOffset', 'nowAtDefaultTimeZone']));
  });
});
