import { RE2JS } from 're2js';
import { isJavaRuntimeError, JavaRuntimeError } from './errors';
import { linearMinimumLength, linearNativeGroups, linearNativeMatcher } from './linear-pattern';

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
  // A plain separator with indexOf: the regex engine took 0.8-0.9 µs a part. The empty pattern stays with the
  // engine, which splits between code points, never inside a surrogate pair.
  if (pattern !== '' && isLiteralPattern(pattern)) return plainSplit(text, pattern, limit);
  return compileJavaPattern(pattern).split(text, limit);
}

/** `javaSplit` on a non-empty separator without metacharacters (its matches are never empty). */
function plainSplit(text: string, separator: string, limit: number): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let at = text.indexOf(separator); at >= 0 && (limit <= 0 || parts.length < limit - 1); at = text.indexOf(separator, from)) {
    parts.push(text.slice(from, at));
    from = at + separator.length;
  }
  // No match: the text itself, even when it is empty and the limit is 0.
  if (parts.length === 0) return [text];
  parts.push(text.slice(from));
  if (limit === 0) {
    let kept = parts.length;
    while (kept > 0 && parts[kept - 1] === '') kept--;
    parts.length = kept;
  }
  return parts;
}

/**
 * The number of parts `javaSplit` would return, counted up to `cap` without building them (a cost hook
 * charges it before the split allocates). A literal separator is counted with indexOf; `onMatch` runs at each
 * match the regex engine finds (as in `countMatches`).
 */
export function countSplitParts(text: string, pattern: string, limit: number, cap: number, onMatch?: () => void): number {
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
  while (count < max && matcher.find()) {
    count++;
    onMatch?.();
  }
  return count;
}

/**
 * The number of matches of the pattern in `text`, counted up to `cap`. `onMatch` runs at each match found: a cost
 * hook charges there, so a budget stops the count as soon as it is spent, not after the whole text.
 */
export function countMatches(text: string, pattern: string, cap: number, onMatch?: () => void): number {
  const matcher = compileJavaPattern(pattern).matcher(text);
  let count = 0;
  while (count < cap && matcher.find()) {
    count++;
    onMatch?.();
  }
  return count;
}

/**
 * Whether `replaceAll`/`replaceFirst` of this pattern and replacement is a plain text substitution: a non-empty
 * pattern without metacharacters matches only its own text, and a replacement without `$` or `\` is inserted as
 * it is. Such calls are done with indexOf, not the regex engine (which spends about half a microsecond per match).
 */
export function isLiteralReplacement(pattern: string, replacement: string): boolean {
  return pattern !== '' && isLiteralPattern(pattern) && !replacement.includes('$') && !replacement.includes('\\');
}

/** True for a pattern without metacharacters: it matches exactly its own text. */
export function isLiteralPattern(pattern: string): boolean {
  // A loop over a table: every replaceAll asks, and a RegExp test took 50 ns of a call of about a microsecond.
  for (let index = 0; index < pattern.length; index++) {
    const code = pattern.charCodeAt(index);
    if (code < 128 && METACHARACTERS[code] === 1) return false;
  }
  return true;
}

/** The characters a Java pattern gives a meaning of their own: `\ ^ $ . | ? * + ( ) [ ] { }`. */
const METACHARACTERS = new Uint8Array(128);
for (const character of '\\^$.|?*+()[]{}') METACHARACTERS[character.charCodeAt(0)] = 1;

/** A replacement as Java's `Matcher.appendReplacement` reads it: literal text and group numbers, or why it is refused. */
interface ReplacementTemplate {
  readonly parts: ReadonlyArray<string | number>;
  /** Whether a part is a group other than the whole match (re2js reads those in a second pass). */
  readonly usesGroups: boolean;
  /** Java refuses the replacement at its first match (and not at all when nothing matches). */
  readonly problem: string | undefined;
}

/** Templates by pattern, then replacement; cleared when it holds CACHE_SIZE of them, as the patterns are. */
const templates = new Map<string, Map<string, ReplacementTemplate>>();
let templateCount = 0;

/**
 * Reads a replacement once as Java does at each match: `\x` is x, `$n` the group numbered by as many digits as
 * still name a group, `${name}` a named group, with Java's (and re2js's) messages for what it refuses.
 */
function readReplacement(replacement: string, groupCount: number, namedGroups: Readonly<Record<string, number>>): ReplacementTemplate {
  const parts: Array<string | number> = [];
  let literal = '';
  let usesGroups = false;
  const refused = (problem: string): ReplacementTemplate => ({ parts, usesGroups, problem });
  const group = (index: number) => {
    if (literal !== '') parts.push(literal);
    literal = '';
    parts.push(index);
    if (index > 0) usesGroups = true;
  };
  for (let at = 0; at < replacement.length; ) {
    const char = replacement[at]!;
    if (char === '\\') {
      if (at + 1 >= replacement.length) return refused('character to be escaped is missing');
      literal += replacement[at + 1];
      at += 2;
    } else if (char === '$') {
      if (at + 1 >= replacement.length) return refused('Illegal group reference: group index is missing');
      const next = replacement.charCodeAt(at + 1);
      if (next >= 48 && next <= 57) {
        let index = next - 48;
        let end = at + 2;
        for (; end < replacement.length; end++) {
          const digit = replacement.charCodeAt(end);
          if (digit < 48 || digit > 57 || index * 10 + digit - 48 > groupCount) break;
          index = index * 10 + digit - 48;
        }
        if (index > groupCount) return refused(`n > number of groups: ${index}`);
        group(index);
        at = end;
      } else if (next === 123) {
        const close = replacement.indexOf('}', at + 2);
        if (close < 0) return refused("named capture group is missing trailing '}'");
        const name = replacement.substring(at + 2, close);
        const index = Object.hasOwn(namedGroups, name) ? namedGroups[name] : undefined;
        if (index === undefined) return refused(`group '${name}' not found`);
        group(index);
        at = close + 1;
      } else return refused('Illegal group reference');
    } else {
      literal += char;
      at++;
    }
  }
  if (literal !== '') parts.push(literal);
  return { parts, usesGroups, problem: undefined };
}

/** What a replacement knows of its pattern beyond re2js's program. */
interface PatternShape {
  /** `linearNativeGroups` of the pattern (null: none): reads the groups of a whole match. */
  readonly groupReader: RegExp | null;
  /**
   * Whether every match takes at least one character (`linearMinimumLength`): then a match that ends the text is
   * the last, and the search re2js would run after it (a sixth of a short replaceAll) is skipped.
   */
  readonly neverEmpty: boolean;
}

/** The shape of each pattern a replacement has used, cleared when full as the patterns are. */
const patternShapes = new Map<string, PatternShape>();

function shapeOf(pattern: string): PatternShape {
  let shape = patternShapes.get(pattern);
  if (shape === undefined) {
    if (patternShapes.size >= CACHE_SIZE) patternShapes.clear();
    shape = { groupReader: linearNativeGroups(pattern) ?? null, neverEmpty: (linearMinimumLength(pattern) ?? 0) > 0 };
    patternShapes.set(pattern, shape);
  }
  return shape;
}

function replacementTemplate(pattern: string, compiled: RE2JS, replacement: string): ReplacementTemplate {
  // Only short replacements are kept, as only short patterns are: a replacement built from a large text each
  // time would otherwise hold up to CACHE_SIZE such texts. A longer one is read for its call alone.
  if (replacement.length > MAX_PATTERN_LENGTH) return readReplacement(replacement, compiled.groupCount(), compiled.namedGroups());
  let ofPattern = templates.get(pattern);
  const cached = ofPattern?.get(replacement);
  if (cached) return cached;
  if (templateCount >= CACHE_SIZE) {
    templates.clear();
    templateCount = 0;
    ofPattern = undefined;
  }
  if (!ofPattern) {
    ofPattern = new Map();
    templates.set(pattern, ofPattern);
  }
  const template = readReplacement(replacement, compiled.groupCount(), compiled.namedGroups());
  ofPattern.set(replacement, template);
  templateCount++;
  return template;
}

/** A budget as `replaceAll` charges it (the evaluator's, or a cost hook's `CostMeter`). */
export interface MatchMeter {
  step(count?: number): void;
}

/**
 * Java's `replaceAll`/`replaceFirst`: each match (re2js finds them) replaced by the replacement read once
 * (`readReplacement`), its groups sliced from the text. re2js's own java mode read the replacement again at
 * every match and took each group through its input's copy.
 */
function replaced(text: string, pattern: string, replacement: string, all: boolean, meter: MatchMeter | undefined, stepsPerMatch: number): string {
  if (isLiteralReplacement(pattern, replacement)) {
    if (all) return text.split(pattern).join(replacement);
    const at = text.indexOf(pattern);
    return at < 0 ? text : text.slice(0, at) + replacement + text.slice(at + pattern.length);
  }
  const compiled = compileJavaPattern(pattern);
  const template = replacementTemplate(pattern, compiled, replacement);
  const matcher = compiled.matcher(text);
  const shape = shapeOf(pattern);
  const reader = template.usesGroups ? shape.groupReader : null;
  let result = '';
  let from = 0;
  let refusedByCharge = false;
  try {
    while (matcher.find()) {
      if (meter !== undefined) {
        refusedByCharge = true;
        meter.step(stepsPerMatch);
        refusedByCharge = false;
      }
      if (template.problem !== undefined) throw new JavaRuntimeError('IllegalArgumentException', template.problem);
      const start = matcher.start();
      const end = matcher.end();
      result += text.slice(from, start);
      const groups = reader?.exec(text.slice(start, end));
      for (const part of template.parts) {
        if (typeof part === 'string') result += part;
        else if (part === 0) result += text.slice(start, end);
        else if (groups) result += groups[part] ?? '';
        else {
          // An unmatched group adds nothing, as in Java.
          const groupStart = matcher.start(part);
          if (groupStart >= 0) result += text.slice(groupStart, matcher.end(part));
        }
      }
      from = end;
      if (!all || (end === text.length && shape.neverEmpty)) break;
    }
  } catch (error) {
    // What the meter throws (a budget's refusal) and Java's own errors pass as they are; the engine's are reported
    // as Java reports a bad pattern or replacement.
    if (refusedByCharge || isJavaRuntimeError(error)) throw error;
    throw new JavaRuntimeError('IllegalArgumentException', (error as Error).message);
  }
  return result + text.slice(from);
}

/**
 * Java `String.replaceAll(regex, replacement)`. With a `meter`, each match the regex engine finds is charged
 * `stepsPerMatch` before its replacement is added: a budget stops the call at the match that exhausts it.
 */
export function javaReplaceAll(text: string, pattern: string, replacement: string, meter?: MatchMeter, stepsPerMatch = 0): string {
  return replaced(text, pattern, replacement, true, meter, stepsPerMatch);
}

/** Java `String.replaceFirst(regex, replacement)`. */
export function javaReplaceFirst(text: string, pattern: string, replacement: string): string {
  return replaced(text, pattern, replacement, false, undefined, 0);
}
