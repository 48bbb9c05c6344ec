import type { AstNode, SourceRange, TemplateNode } from '../ast/nodes';
import { toAst, type AstProblem } from '../ast/to-ast';
import type { ExpressionError } from '../errors';
import { tokenize } from '../lexer/lexer';
import { parseTokens } from './parser';

/** Result of parsing: a tree (possibly with `missing` holes) and every syntax problem found. */
export interface ParseResult {
  /** Null only for an empty (blank) expression. */
  ast: AstNode | null;
  errors: ExpressionError[];
}

/** Parses a plain `spel` expression; never throws on bad text. */
export function parseExpression(text: string, offset = 0): ParseResult {
  if (text.trim() === '') return { ast: null, errors: [] };
  const { tokens, problems: lexProblems } = tokenize(text);
  const errors: ExpressionError[] = lexProblems.map((problem) => ({
    code: 'SyntaxError',
    message: problem.message,
    range: shift({ start: problem.start, end: problem.end }, offset),
  }));
  if (tokens.length === 0) return { ast: { kind: 'missing', range: shift({ start: 0, end: text.length }, offset) }, errors };
  const { cst, problems } = parseTokens(tokens, text.length);
  for (const problem of problems) {
    errors.push({ code: 'SyntaxError', message: problem.message, range: shift({ start: problem.start, end: problem.end }, offset) });
  }
  const astProblems: AstProblem[] = [];
  const ast = toAst(cst, astProblems);
  for (const problem of astProblems) errors.push({ ...problem, range: shift(problem.range, offset) });
  if (offset !== 0) shiftTree(ast, offset);
  return { ast, errors };
}

function shift(range: SourceRange, offset: number): SourceRange {
  return { start: range.start + offset, end: range.end + offset };
}

function shiftTree(node: unknown, offset: number, seen = new Set<unknown>()): void {
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'range' || key === 'nameRange' || key === 'operatorRange') && value && typeof value === 'object') {
      const range = value as SourceRange;
      range.start += offset;
      range.end += offset;
    } else if (typeof value === 'object') {
      shiftTree(value, offset, seen);
    }
  }
}

/** Result of parsing a `spelTemplate`. */
export interface TemplateParseResult {
  template: TemplateNode;
  errors: ExpressionError[];
}

/**
 * Parses `spelTemplate` text: literal text with `#{ ... }` inserts. The end of an insert is the `}` that
 * balances its braces outside string literals, so `#{ {1,2} }` works.
 */
export function parseTemplate(text: string): TemplateParseResult {
  const parts: TemplateNode['parts'] = [];
  const errors: ExpressionError[] = [];
  let textStart = 0;
  let i = 0;
  while (i < text.length) {
    if (text[i] === '#' && text[i + 1] === '{') {
      if (i > textStart) parts.push({ kind: 'text', text: text.slice(textStart, i), range: { start: textStart, end: i } });
      const innerStart = i + 2;
      const innerEnd = findInsertEnd(text, innerStart);
      const inner = text.slice(innerStart, innerEnd);
      const range = { start: i, end: Math.min(innerEnd + 1, text.length) };
      if (innerEnd >= text.length) {
        errors.push({ code: 'SyntaxError', message: `No ending suffix '}' for expression starting at character ${i}: ${text.slice(i)}`, range });
      }
      if (inner.trim() === '') {
        errors.push({ code: 'SyntaxError', message: `No expression defined within delimiter '#{}' at character ${i}`, range });
      }
      const parsed = parseExpression(inner, innerStart);
      errors.push(...parsed.errors);
      parts.push({ kind: 'expression', node: parsed.ast ?? { kind: 'missing', range }, range });
      i = innerEnd + 1;
      textStart = i;
    } else {
      i += 1;
    }
  }
  if (textStart < text.length) parts.push({ kind: 'text', text: text.slice(textStart), range: { start: textStart, end: text.length } });
  return { template: { kind: 'template', parts, range: { start: 0, end: text.length } }, errors };
}

function findInsertEnd(text: string, from: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '{') {
      depth++;
    } else if (char === '}') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return text.length;
}
