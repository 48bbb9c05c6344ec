import type { AstNode } from '../ast/nodes';
import { describe, expect, it } from 'vitest';
import { parseByGrammar, parseExpression, parseTemplate } from './parse-expression';

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

describe('parse details', () => {
  it.each([
    ['1 + 2 * 3', '(1 + (2 * 3))'],
    ['1 * 2 + 3', '((1 * 2) + 3)'],
    ['1 - 2 - 3', '((1 - 2) - 3)'],
    ['2 ^ 3 ^ 2', '(2 ^ (3 ^ 2))'],
    ['a || b && c', '(a || (b && c))'],
    ['a and b or c', '((a && b) || c)'],
    ['1 < 2 == true', '((1 < 2) == true)'],
    ['-2 ^ 2', '(-2 ^ 2)'],
    ['!a && b', '(!a && b)'],
    ['1 + 2 > 2 and 3 mod 2 eq 1', '(((1 + 2) > 2) && ((3 % 2) == 1))'],
    ["x matches 'a' or y between {1, 2}", "((x matches 'a') || (y between {1, 2}))"],
  ])('%s groups as %s', (text, expected) => {
    const { ast, errors } = parseExpression(text);
    expect(errors).toEqual([]);
    expect(render(ast!, text)).toBe(expected);
  });

  it('keeps source ranges of every node', () => {
    const text = "#input.name.toUpperCase() + '!'";
    const { ast } = parseExpression(text);
    expect(ast?.kind).toBe('binary');
    if (ast?.kind !== 'binary') return;
    expect(text.slice(ast.left.range.start, ast.left.range.end)).toBe('#input.name.toUpperCase()');
    expect(text.slice(ast.right.range.start, ast.right.range.end)).toBe("'!'");
    expect(text.slice(ast.operatorRange.start, ast.operatorRange.end)).toBe('+');
    if (ast.left.kind !== 'methodCall') throw new Error('expected a method call');
    expect(text.slice(ast.left.nameRange.start, ast.left.nameRange.end)).toBe('toUpperCase');
  });

  it.each([
    ['#input.clients.?[vip', 'selection'],
    ['#COLLECTION.join(#input.', 'methodCall'],
    ['{1, 2, ', 'inlineList'],
    ['#a > ', 'binary'],
    ['#a ? 1 : ', 'ternary'],
    ["'a' + ", 'binary'],
    ['T(java.lang.Math).', 'property'],
  ])('half-typed %s still yields a %s tree', (text, kind) => {
    const { ast, errors } = parseExpression(text);
    expect(errors.length).toBeGreaterThan(0);
    expect(ast?.kind).toBe(kind);
  });

  it('parses literals of every kind', () => {
    const { ast } = parseExpression('{1, 2L, 3.5, 4.5f, 0x10, "s", true, null}');
    if (ast?.kind !== 'inlineList') throw new Error('expected a list');
    expect(ast.items.map((item) => (item.kind === 'literal' ? item.literalKind : item.kind))).toEqual(['Integer', 'Long', 'Double', 'Float', 'Integer', 'String', 'Boolean', 'Null']);
  });

  it('treats textual operators case-insensitively and keywords as property names after a dot', () => {
    expect(parseExpression('1 LT 2 AND NOT false').errors).toEqual([]);
    const { ast, errors } = parseExpression('#x.div');
    expect(errors).toEqual([]);
    expect(ast?.kind === 'property' && ast.name).toBe('div');
  });
});

function render(node: AstNode, text: string): string {
  switch (node.kind) {
    case 'binary':
      return `(${render(node.left, text)} ${node.operator} ${render(node.right, text)})`;
    case 'unary':
      return node.postfix ? `${render(node.operand, text)}${node.operator}` : `${node.operator}${render(node.operand, text)}`;
    default:
      return text.slice(node.range.start, node.range.end);
  }
}

describe('plain string literals', () => {
  // Taken without the lexer and grammar: the tree and errors must be the grammar's, quotes and spaces included.
  const texts = [
    "'abc'",
    "''",
    "  'a b'  ",
    "\t\n'multi\nline'\r\n",
    "\f'form feed around'\f",
    "'ünïcödé ✓ 𝄞'",
    "'#{not a template}'",
    "'a\\b\\u0041'",
    "'\u00a0'",
  ];
  it.each(texts)('%j is the literal the grammar parses', (text) => {
    expect(parseExpression(text)).toEqual(parseByGrammar(text));
    expect(parseExpression(text, 17)).toEqual(parseByGrammar(text, 17));
  });

  // Near misses go through the grammar and keep its answer (escaped quotes, other quotes, text around, odd spaces).
  const nearMisses = ["'it''s'", '"double"', "'a' + 'b'", "'open", "close'", "'a'.length()", "\u00a0'nbsp around'\u00a0", "'a''", "x'a'"];
  it.each(nearMisses)('%j is parsed by the grammar', (text) => {
    expect(parseExpression(text)).toEqual(parseByGrammar(text));
  });
});
