/** Reads a SpEL string literal (`'it''s'`) back to its text; `undefined` when the expression is anything else. */
export function unquoteSpelString(expression: string): string | undefined {
  const trimmed = expression.trim();
  if (trimmed === '') return '';
  const match = /^'((?:[^']|'')*)'$/.exec(trimmed) ?? /^"((?:[^"]|"")*)"$/.exec(trimmed);
  if (!match) return undefined;
  const quote = trimmed[0] ?? "'";
  return (match[1] ?? '').replaceAll(quote + quote, quote);
}

/** Writes text as a SpEL string literal; the empty text stays an empty expression (the parameter is unset). */
export function quoteSpelString(text: string): string {
  return text === '' ? '' : `'${text.replaceAll("'", "''")}'`;
}

/** `true`/`false` for a boolean literal expression, `undefined` for anything else. */
export function booleanLiteral(expression: string): boolean | undefined {
  const trimmed = expression.trim().toLowerCase();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  return undefined;
}
