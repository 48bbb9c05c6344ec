import { Lexer, type IToken } from 'chevrotain';
import { allTokens } from './tokens';

/** A lexing problem, as an offset range into the source text. */
export interface LexProblem {
  message: string;
  start: number;
  end: number;
}

// One lexer per process: building it validates every token pattern, which is far too slow per expression.
const lexer = new Lexer(allTokens, { positionTracking: 'full', ensureOptimizations: true });

/** Splits an expression into tokens; unrecognised characters become problems, never exceptions. */
export function tokenize(text: string): { tokens: IToken[]; problems: LexProblem[] } {
  const result = lexer.tokenize(text);
  const problems = result.errors.map((error) => ({
    message: describeLexError(text, error.offset, error.length),
    start: error.offset,
    end: error.offset + error.length,
  }));
  return { tokens: result.tokens, problems };
}

function describeLexError(text: string, offset: number, length: number): string {
  const char = text[offset];
  if (char === "'" || char === '"') return `Unterminated string literal starting at position ${offset}`;
  return `Unexpected character '${text.slice(offset, offset + Math.min(length, 10))}' at position ${offset}`;
}
