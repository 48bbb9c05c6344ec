import { RE2JS } from 're2js';
import { isJavaRuntimeError, JavaRuntimeError } from './errors';
import { linearNativeMatcher } from './linear-pattern';

/*
 * Java regular expressions on re2js, a linear-time (RE2) engine. Expressions run on shared servers and a
 * backtracking engine (JavaScript's RegExp, Java's own) can take exponential time on patterns such as
 * `(a+)+` or `a*a*a*a*b`; no syntactic check short of running an automaton catches every such pattern, so user
 * patterns never reach a backtracking engine. RE2's syntax is Java's for everything scenarios use (classes,
 * `\d \w \s \b`, `\Q...\E`, `(?i)`/`(?s)`/`(?m)`, named groups, lazy quantifiers); what RE2 cannot do in linear
 * time (back-references, lookaround, possessive quantifiers, atomic groups) and what it would read differently
 * from Java (nested classes and `&&` intersections, the `U` flag) is refused with an error naming the construct.
 * The differences that remain are listed in packages/spel/README.md ("Regular expressions").
 */

/** Longest pattern accepted: compiling costs time proportional to it, on every cache miss. */
export const MAX_PATTERN_LENGTH = 1000;

const cache = new Map<string, RE2JS>();
const CACHE_SIZE = 500;

/** A pattern that is invalid or refused: Java's PatternSyntaxException, an IllegalArgumentException. */
class PatternSyntaxError extends JavaRuntimeError {
  readonly isPatternSyntaxError = true;
  constructor(message: string) {
    super('IllegalArgumentException', message);
  }
}

/** True for the error of an invalid or refused pattern (also from another copy of this package). */
export function isPatternSyntaxError(error: unknown): boolean {
  return isJavaRuntimeError(error) && (error as { isPatternSyntaxError?: unknown }).isPatternSyntaxError === true;
}

function refuse(pattern: string, construct: string): never {
  throw new PatternSyntaxError(`Regular expression '${pattern}' uses ${construct}, which is not supported (patterns run on a linear-time engine)`);
}

/** Refuses the Java constructs RE2 lacks or reads differently, before RE2 parses the pattern. */
function refuseUnsupported(pattern: string): void {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') {
      const next = pattern[i + 1];
      if (next === 'Q') {
        // \Q...\E quotes everything up to \E (or the end).
        const end = pattern.indexOf('\\E', i + 2);
        i = end < 0 ? pattern.length : end + 1;
        continue;
      }
      if (!inClass && next !== undefined && next >= '1' && next <= '9') refuse(pattern, `a back-reference (\\${next})`);
      if (next === 'k') refuse(pattern, 'a named back-reference (\\k<...>)');
      i++;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      else if (char === '[') refuse(pattern, 'a nested character class ([...[...]...])');
      else if (char === '&' && pattern[i + 1] === '&') refuse(pattern, 'a character class intersection (&&)');
      continue;
    }
    if (char === '[') {
      inClass = true;
      // A `]` or `^]` right after the opening bracket is a literal member.
      if (pattern[i + 1] === '^') i++;
      if (pattern[i + 1] === ']') i++;
      continue;
    }
    if (char === '(' && pattern[i + 1] === '?') {
      const rest = pattern.slice(i + 2, i + 4);
      if (rest.startsWith('=') || rest.startsWith('!')) refuse(pattern, `a lookahead (?${rest[0]}...)`);
      if (rest === '<=' || rest === '<!') refuse(pattern, `a lookbehind (?${rest}...)`);
      if (rest.startsWith('>')) refuse(pattern, 'an atomic group (?>...)');
      const flags = /^[a-zA-Z-]*/.exec(pattern.slice(i + 2))?.[0] ?? '';
      // RE2's U is "ungreedy"; Java's is Unicode character classes.
      if (flags.includes('U')) refuse(pattern, 'the flag U');
      continue;
    }
    if ((char === '*' || char === '+' || char === '?' || char === '}') && pattern[i + 1] === '+') refuse(pattern, `a possessive quantifier (${char}+)`);
  }
}

/**
 * The compiled form of a Java pattern (cached). Throws an IllegalArgumentException, as Java's
 * PatternSyntaxException would surface, for an invalid or unsupported pattern.
 */
export function compileJavaPattern(pattern: string): RE2JS {
  const cached = cache.get(pattern);
  if (cached) return cached;
  if (pattern.length > MAX_PATTERN_LENGTH) throw new PatternSyntaxError(`Regular expression longer than ${MAX_PATTERN_LENGTH} characters`);
  refuseUnsupported(pattern);
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern);
  } catch (error) {
    throw new PatternSyntaxError(`Invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}`);
  }
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

/** Whether the pattern is compiled already (a call then pays no compilation). */
export function isPatternCompiled(pattern: string): boolean {
  return cache.has(pattern) || matcherCache.has(pattern);
}

/** Throws for a pattern that is too long, invalid, or uses a construct the linear-time engine does not support. */
export function requireSafePattern(pattern: string): void {
  compileJavaPattern(pattern);
}

/** A whole-input matcher: `matches(text)` is Java's `String.matches`. */
export interface JavaMatcher {
  matches(text: string): boolean;
}

const matcherCache = new Map<string, JavaMatcher>();

/**
 * The whole-input matcher of a pattern (cached): JavaScript's RegExp where linear-pattern.ts proves the match
 * linear (the common short patterns, several times faster), re2js otherwise. Both mean the same (RE2's
 * semantics); invalid and refused patterns throw as in `compileJavaPattern`.
 */
export function compileJavaMatcher(pattern: string): JavaMatcher {
  const cached = matcherCache.get(pattern);
  if (cached) return cached;
  const re2 = compileJavaPattern(pattern);
  const native = linearNativeMatcher(pattern);
  const matcher: JavaMatcher = native ? { matches: (text) => native.test(text) } : re2;
  if (matcherCache.size >= CACHE_SIZE) matcherCache.clear();
  matcherCache.set(pattern, matcher);
  return matcher;
}

/** Java `String.matches` / SpEL `matches`: the whole text must match. */
export function javaMatches(text: string, pattern: string): boolean {
  return compileJavaMatcher(pattern).matches(text);
}

/** Java `String.split(regex, limit)`: trailing empty strings removed for limit 0, a leading empty string only for a non-empty match. */
export function javaSplit(text: string, pattern: string, limit = 0): string[] {
  return compileJavaPattern(pattern).split(text, limit);
}

/**
 * The number of parts `javaSplit` would return, counted up to `cap` without building them (a cost hook
 * charges it before the split allocates). A literal separator is counted with indexOf.
 */
export function countSplitParts(text: string, pattern: string, limit: number, cap: number): number {
  if (text === '') return 1;
  const max = limit > 0 ? Math.min(limit, cap) : cap;
  if (isLiteralPattern(pattern)) {
    if (pattern === '') return Math.min(text.length, max);
    let count = 1;
    for (let at = text.indexOf(pattern); at >= 0 && count < max; at = text.indexOf(pattern, at + pattern.length)) count++;
    return count;
  }
  const matcher = compileJavaPattern(pattern).matcher(text);
  let count = 1;
  while (count < max && matcher.find()) count++;
  return count;
}

/** The number of matches of the pattern in `text`, counted up to `cap`. */
export function countMatches(text: string, pattern: string, cap: number): number {
  const matcher = compileJavaPattern(pattern).matcher(text);
  let count = 0;
  while (count < cap && matcher.find()) count++;
  return count;
}

/** True for a pattern without metacharacters: it matches exactly its own text. */
export function isLiteralPattern(pattern: string): boolean {
  return !/[\\^$.|?*+()[\]{}]/.test(pattern);
}

function replaced(text: string, pattern: string, replacement: string, all: boolean): string {
  const matcher = compileJavaPattern(pattern).matcher(text);
  try {
    // javaMode: `$1`, `$0`, `${name}` and `\$` as in Java's Matcher.replaceAll.
    return all ? matcher.replaceAll(replacement, true) : matcher.replaceFirst(replacement, true);
  } catch (error) {
    throw new JavaRuntimeError('IllegalArgumentException', (error as Error).message);
  }
}

/** Java `String.replaceAll(regex, replacement)`. */
export function javaReplaceAll(text: string, pattern: string, replacement: string): string {
  return replaced(text, pattern, replacement, true);
}

/** Java `String.replaceFirst(regex, replacement)`. */
export function javaReplaceFirst(text: string, pattern: string, replacement: string): string {
  return replaced(text, pattern, replacement, false);
}
