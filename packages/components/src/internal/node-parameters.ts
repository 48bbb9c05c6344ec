import type { ParameterResolutionContext } from '../component';

/** The raw expression text of a node's parameter, trimmed. */
export function rawText(context: ParameterResolutionContext, name: string): string | undefined {
  return context.nodeParameters.get(name)?.expression.trim();
}

/** A literal string of an expression text (`'x'` or `"x"`), read without typing it. */
export function literalString(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const match = /^'((?:[^']|'')*)'$|^"((?:[^"]|"")*)"$/.exec(text);
  if (match === null) return undefined;
  return match[1] !== undefined ? match[1].replaceAll("''", "'") : (match[2] ?? '').replaceAll('""', '"');
}
