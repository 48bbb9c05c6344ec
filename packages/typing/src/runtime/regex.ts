import { JavaRuntimeError } from './errors';

/**
 * Java regular expressions on top of JS RegExp. The common syntax is shared; Java-only constructs
 * (possessive quantifiers, `\Q...\E`, inline flags other than a leading `(?i)`) are not supported and
 * fail as a PatternSyntaxException-like IllegalArgumentException.
 */
const cache = new Map<string, RegExp>();

// A quantified group that itself contains a quantifier (`(a+)+`, `(x*)*`, `(a|aa){2,}`) is the shape of
// catastrophic backtracking, and back-references can be as bad; JavaScript has no time limit on a match, so
// such patterns (and very long ones) are refused: expressions run on shared servers.
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*[+*{]/;
const ALTERNATION_QUANTIFIED = /\((?:[^()\\]|\\.)*\|(?:[^()\\]|\\.)*\)\s*[+*{]/;

/** Throws for a pattern that is too long or could backtrack without bound. */
export function requireSafePattern(pattern: string): void {
  if (pattern.length > 1000) throw new JavaRuntimeError('IllegalArgumentException', 'Regular expression is too long');
  if (NESTED_QUANTIFIER.test(pattern) || ALTERNATION_QUANTIFIED.test(pattern) || /\\\d/.test(pattern)) {
    throw new JavaRuntimeError('IllegalArgumentException', `Regular expression '${pattern}' may backtrack without bound and is not allowed`);
  }
}

function compile(pattern: string, wholeInput: boolean, global: boolean): RegExp {
  const key = `${wholeInput ? 'w' : 'p'}${global ? 'g' : ''}:${pattern}`;
  const cached = cache.get(key);
  if (cached) return cached;
  requireSafePattern(pattern);
  let source = pattern;
  let flags = global ? 'g' : '';
  if (source.startsWith('(?i)')) {
    source = source.slice(4);
    flags += 'i';
  }
  let regex: RegExp;
  try {
    regex = new RegExp(wholeInput ? `^(?:${source})$` : source, flags);
  } catch (error) {
    throw new JavaRuntimeError('IllegalArgumentException', `Invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}`);
  }
  if (cache.size > 500) cache.clear();
  cache.set(key, regex);
  return regex;
}

/** Java `String.matches` / SpEL `matches`: the whole text must match. */
export function javaMatches(text: string, pattern: string): boolean {
  return compile(pattern, true, false).test(text);
}

/** Java `String.split(regex)`: trailing empty strings removed, a leading empty string only for a non-empty match. */
export function javaSplit(text: string, pattern: string, limit = 0): string[] {
  if (text === '') return [''];
  const regex = compile(pattern, false, true);
  const parts: string[] = [];
  let start = 0;
  regex.lastIndex = 0;
  for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
    if (limit > 0 && parts.length === limit - 1) break;
    const end = match.index;
    if (match[0].length === 0) {
      regex.lastIndex++;
      if (end === 0 || end >= text.length) continue;
    }
    parts.push(text.slice(start, end));
    start = end + match[0].length;
  }
  parts.push(text.slice(start));
  if (limit === 0) while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (limit === 0 && parts.length === 1 && parts[0] === '' && text !== '') return [];
  return parts;
}

/** Translates a Java replacement (`$1`, `\$` for a literal dollar) to a JS one (`$1`, `$$`). */
function javaReplacement(replacement: string): string {
  let result = '';
  for (let i = 0; i < replacement.length; i++) {
    const char = replacement[i] as string;
    if (char === '\\') {
      const next = replacement[++i];
      if (next === undefined) throw new JavaRuntimeError('IllegalArgumentException', 'character to be escaped is missing');
      result += next === '$' ? '$$' : next;
    } else if (char === '$') {
      const digits = /^\d+/.exec(replacement.slice(i + 1));
      if (!digits) throw new JavaRuntimeError('IllegalArgumentException', 'Illegal group reference');
      result += `$${digits[0]}`;
      i += digits[0].length;
    } else {
      result += char;
    }
  }
  return result;
}

/** Java `String.replaceAll(regex, replacement)`. */
export function javaReplaceAll(text: string, pattern: string, replacement: string): string {
  return text.replace(compile(pattern, false, true), javaReplacement(replacement));
}

/** Java `String.replaceFirst(regex, replacement)`. */
export function javaReplaceFirst(text: string, pattern: string, replacement: string): string {
  return text.replace(compile(pattern, false, false), javaReplacement(replacement));
}
