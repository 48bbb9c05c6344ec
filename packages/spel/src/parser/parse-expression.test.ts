import { describe, expect, it } from 'vitest';
import { parseExpression, parseTemplate } from './parse-expression';

describe('parseExpression', () => {
  it('parses a chain', () => {
    const { ast, errors } = parseExpression("#input.clients.?[vip].![name]");
    expect(errors).toEqual([]);
    expect(ast?.kind).toBe('projection');
  });
  it('recovers on half-typed text', () => {
    const { ast, errors } = parseExpression('#input.');
    expect(errors.length).toBeGreaterThan(0);
    expect(ast?.kind).toBe('property');
  });
  it('parses a template', () => {
    const { template, errors } = parseTemplate('Hello #{#input.name}!');
    expect(errors).toEqual([]);
    expect(template.parts.map((p) => p.kind)).toEqual(['text', 'expression', 'text']);
  });
});
