import type { AstNode, SourceRange, TemplateNode } from '../ast/nodes';
import { toAst } from '../ast/to-ast';
import type { ExpressionError, SyntaxProblem } from '../errors';
import type { IToken } from 'chevrotain';
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
  const literal = plainStringLiteral(text, offset);
  return literal ? { ast: literal, errors: [] } : parseByGrammar(text, offset);
}

/** `parseExpression` through the lexer and the grammar, for every text (the plain string literal too). */
export function parseByGrammar(text: string, offset = 0): ParseResult {
  if (text.trim() === '') return { ast: null, errors: [] };
  const { tokens, problems: lexProblems } = tokenize(text);
  const errors: ExpressionError[] = lexProblems.map((problem) => ({ ...problem, range: shift(problem.range, offset) }));
  if (tokens.length === 0) return { ast: { kind: 'missing', range: shift({ start: 0, end: text.length }, offset) }, errors };
  const tooComplex = complexityProblem(tokens);
  if (tooComplex !== undefined) {
    errors.push({ code: 'SyntaxError', message: tooComplex, range: shift({ start: 0, end: text.length }, offset) });
    return { ast: null, errors };
  }
  let parsed: ReturnType<typeof parseTokens>;
  try {
    parsed = parseTokens(tokens, text.length);
  } catch (error) {
    // The limits above keep the recursive-descent parser well inside the stack; this is the last line of defence.
    if (!(error instanceof RangeError)) throw error;
    errors.push({ code: 'SyntaxError', message: 'Expression is nested too deeply', range: shift({ start: 0, end: text.length }, offset) });
    return { ast: null, errors };
  }
  const { cst, problems } = parsed;
  const astProblems: SyntaxProblem[] = [];
  const ast = toAst(cst, astProblems);
  for (const problem of [...problems, ...astProblems]) errors.push({ ...problem, range: shift(problem.range, offset) });
  if (offset !== 0) shiftTree(ast, offset);
  return { ast, errors };
}

// A single-quoted string with no quote inside, between the lexer's whitespace: the commonest expression there is
// (a topic, a name, a format). Its tree is the literal the parser builds; without the lexer and parser it takes
// about 1 us instead of 70, which is what a changed literal cost every save and every keystroke that typed it.
const PLAIN_STRING = /^[ \t\r\n\f]*'([^']*)'[ \t\r\n\f]*$/;

function plainStringLiteral(text: string, offset: number): AstNode | undefined {
  const match = PLAIN_STRING.exec(text);
  if (!match) return undefined;
  const value = match[1]!;
  const start = text.indexOf("'");
  return { kind: 'literal', literalKind: 'String', value, range: { start: start + offset, end: start + value.length + 2 + offset } };
}

/** Most tokens and deepest nesting an expression may have: far beyond real expressions, well inside the stack. */
export const MAX_EXPRESSION_TOKENS = 5000;
export const MAX_EXPRESSION_DEPTH = 150;

const OPENERS = new Set(['LParen', 'LBracket', 'LBrace', 'SelectAll', 'SelectFirst', 'SelectLast', 'Project', 'SafeSelectAll', 'SafeSelectFirst', 'SafeSelectLast', 'SafeProject']);
const CLOSERS = new Set(['RParen', 'RBracket', 'RBrace']);
const PREFIXES = new Set(['Plus', 'Minus', 'Bang', 'Not', 'PlusPlus', 'MinusMinus', 'Question', 'Elvis']);

function complexityProblem(tokens: IToken[]): string | undefined {
  if (tokens.length > MAX_EXPRESSION_TOKENS) return `Expression is too long (more than ${MAX_EXPRESSION_TOKENS} tokens)`;
  let depth = 0;
  let prefixRun = 0;
  for (const token of tokens) {
    const name = token.tokenType.name;
    if (OPENERS.has(name)) depth++;
    else if (CLOSERS.has(name)) depth = Math.max(0, depth - 1);
    // Chains of prefix operators and ternaries recurse like brackets do.
    prefixRun = PREFIXES.has(name) ? prefixRun + 1 : 0;
    if (depth + prefixRun > MAX_EXPRESSION_DEPTH) return `Expression is nested too deeply (more than ${MAX_EXPRESSION_DEPTH} levels)`;
  }
  return undefined;
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
