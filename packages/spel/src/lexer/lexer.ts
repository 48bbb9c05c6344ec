import { Lexer, type IToken } from 'chevrotain';
import type { SyntaxProblem } from '../errors';
import { allTokens } from './tokens';

// One lexer per process: building it validates every token pattern, which is far too slow per expression.
const lexer = new Lexer(allTokens, { positionTracking: 'full', ensureOptimizations: true });

/** Splits an expression into tokens; unrecognised characters become problems, never exceptions. */
export function tokenize(text: string): { tokens: IToken[]; problems: SyntaxProblem[] } {
  const result = lexer.tokenize(text);
  const problems = result.errors.map((error): SyntaxProblem => ({
    code: 'SyntaxError',
    message: describeLexError(text, error.offset, error.length),
    range: { start: error.offset, end: error.offset + error.length },
  }));
  return { tokens: result.tokens, problems };
}

function describeLexError(text: string, offset: number, length: number): string {
  const char = text[offset];
  if (char === "'" || char === '"') return `Unterminated string literal starting at position ${offset}`;
  return `Unexpected character '${text.slice(offset, offset + Math.min(length, 10))}' at position ${offset}`;
}
