/*
 * Which whole-input matches may run on JavaScript's backtracking RegExp, which is several times faster than
 * re2js on the short patterns scenarios use (`[a-z]+@[a-z]+\.com`, `\d{4}-\d{2}-\d{2}`).
 *
 * The check is complete over a small grammar rather than a search for bad shapes: a pattern qualifies only if
 * it parses entirely as a sequence of single-character atoms (a literal, an escaped punctuation character,
 * `\d \D \w \W \s \S`, `.`, a flat class `[...]`), each with an optional greedy quantifier (`* + ? {n} {n,}
 * {n,m}`), and if every item that can repeat a variable number of times matches no character that the next
 * items could start with (up to and including the first item that must match). Anything else (groups,
 * alternation, anchors, flags, lazy quantifiers, other escapes) goes to re2js.
 *
 * Why that is linear: the match is anchored at the start and the end, so the engine backtracks only into
 * quantifiers. A quantifier gives back characters of its own set, and what follows must start with a character
 * of a disjoint set, so each give-back fails at once, without running the rest of the pattern again: the work
 * is at most the text length times the number of items.
 *
 * The native expression is written from the parsed character sets, not from the pattern's text, with the `u`
 * flag, so it means what RE2 means: sets of code points, `.` is anything but `\n`, `\s` is `[\t\n\f\r ]`, `\w`
 * and `\d` are ASCII.
 */

type Range = readonly [number, number];

interface Item {
  readonly set: readonly Range[];
  readonly min: number;
  readonly max: number;
}

const MAX_CODE_POINT = 0x10ffff;

const DIGIT: readonly Range[] = [[0x30, 0x39]];
const WORD: readonly Range[] = [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]];
const SPACE: readonly Range[] = [[0x09, 0x0a], [0x0c, 0x0d], [0x20, 0x20]];

function normalize(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

function complement(ranges: readonly Range[]): Range[] {
  const result: Range[] = [];
  let next = 0;
  for (const [from, to] of normalize(ranges)) {
    if (from > next) result.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= MAX_CODE_POINT) result.push([next, MAX_CODE_POINT]);
  return result;
}

function intersects(a: readonly Range[], b: readonly Range[]): boolean {
  return a.some(([from, to]) => b.some(([otherFrom, otherTo]) => from <= otherTo && otherFrom <= to));
}

const CLASS_ESCAPES: Readonly<Record<string, readonly Range[]>> = {
  d: DIGIT,
  D: complement(DIGIT),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};

/** An escape usable alone or in a class: a class escape, or punctuation standing for itself. */
function escapeSet(char: string | undefined): readonly Range[] | undefined {
  if (char === undefined) return undefined;
  const named = CLASS_ESCAPES[char];
  if (named) return named;
  return /^[!-/:-@[-`{-~]$/.test(char) ? [[char.charCodeAt(0), char.charCodeAt(0)]] : undefined;
}

/** Parses a flat class at `start` (just after `[`); undefined when it is anything but flat. */
function parseClass(pattern: string, start: number): { set: Range[]; end: number } | undefined {
  let i = start;
  const negated = pattern[i] === '^';
  if (negated) i++;
  const members: Range[] = [];
  let first = true;
  for (;;) {
    const char = pattern[i];
    if (char === undefined) return undefined;
    if (char === ']' && !first) break;
    first = false;
    if (char === '[' || (char === '&' && pattern[i + 1] === '&')) return undefined;
    let low: readonly Range[];
    if (char === '\\') {
      const escaped = escapeSet(pattern[i + 1]);
      if (!escaped) return undefined;
      low = escaped;
      i += 2;
    } else {
      const code = pattern.codePointAt(i)!;
      low = [[code, code]];
      i += code > 0xffff ? 2 : 1;
    }
    // A range `a-z` between two single characters; a `-` before `]` is a literal.
    if (pattern[i] === '-' && pattern[i + 1] !== ']' && pattern[i + 1] !== undefined && low.length === 1 && low[0]![0] === low[0]![1]) {
      const high = pattern[i + 1]!;
      if (high === '\\' || high === '[') return undefined;
      const to = pattern.codePointAt(i + 1)!;
      if (to < low[0]![0]) return undefined;
      members.push([low[0]![0], to]);
      i += to > 0xffff ? 3 : 2;
      continue;
    }
    members.push(...low);
  }
  return { set: negated ? complement(members) : normalize(members), end: i + 1 };
}

/** Parses a greedy quantifier at `i`; `{1, 0, 1}` for none. */
function parseQuantifier(pattern: string, i: number): { min: number; max: number; end: number } | undefined {
  const char = pattern[i];
  let result: { min: number; max: number; end: number };
  if (char === '*') result = { min: 0, max: Infinity, end: i + 1 };
  else if (char === '+') result = { min: 1, max: Infinity, end: i + 1 };
  else if (char === '?') result = { min: 0, max: 1, end: i + 1 };
  else if (char === '{') {
    const match = /^\{(\d{1,3})(,(\d{0,3}))?\}/.exec(pattern.slice(i));
    if (!match) return undefined;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
    if (max < min) return undefined;
    result = { min, max, end: i + match[0].length };
  } else return { min: 1, max: 1, end: i };
  // Lazy and possessive forms are left to re2js (or refused there).
  const after = pattern[result.end];
  return after === '?' || after === '+' ? undefined : result;
}

/** A parsed pattern: its items, and (with groups allowed) where each plain group opens and closes among them. */
interface Parsed {
  readonly items: Item[];
  /** The items with the group boundaries between them, in the pattern's order. */
  readonly tokens: Array<Item | '(' | ')'>;
}

/**
 * Parses the grammar of the module comment; with `groups`, plain capturing groups too, without a quantifier:
 * they mark where a capture starts and ends among the items and add no choice, so the check is the same.
 */
function parseItems(pattern: string, groups = false): Parsed | undefined {
  const items: Item[] = [];
  const tokens: Array<Item | '(' | ')'> = [];
  let depth = 0;
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i]!;
    let set: readonly Range[];
    if (groups && char === '(' && pattern[i + 1] !== '?') {
      tokens.push('(');
      depth++;
      i++;
      continue;
    }
    if (groups && char === ')' && depth > 0) {
      const after = pattern[i + 1];
      if (after === '*' || after === '+' || after === '?' || after === '{') return undefined;
      tokens.push(')');
      depth--;
      i++;
      continue;
    }
    if (char === '[') {
      const parsed = parseClass(pattern, i + 1);
      if (!parsed) return undefined;
      set = parsed.set;
      i = parsed.end;
    } else if (char === '\\') {
      const escaped = escapeSet(pattern[i + 1]);
      if (!escaped) return undefined;
      set = escaped;
      i += 2;
    } else if (char === '.') {
      set = complement([[0x0a, 0x0a]]);
      i += 1;
    } else if ('^$|()*+?{}]'.includes(char)) {
      return undefined;
    } else {
      const code = pattern.codePointAt(i)!;
      set = [[code, code]];
      i += code > 0xffff ? 2 : 1;
    }
    const quantifier = parseQuantifier(pattern, i);
    if (!quantifier) return undefined;
    const item = { set, min: quantifier.min, max: quantifier.max };
    items.push(item);
    tokens.push(item);
    i = quantifier.end;
  }
  return depth === 0 ? { items, tokens } : undefined;
}

/** Each variable-length item must share no character with what may follow it (see the module comment). */
function isUnambiguous(items: readonly Item[]): boolean {
  return items.every((item, index) => {
    if (item.min === item.max) return true;
    for (let next = index + 1; next < items.length; next++) {
      const follower = items[next]!;
      if (intersects(item.set, follower.set)) return false;
      if (follower.min > 0) break;
    }
    return true;
  });
}

function hex(code: number): string {
  return `\\u{${code.toString(16)}}`;
}

function renderSet(set: readonly Range[]): string {
  return `[${set.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join('')}]`;
}

function renderQuantifier({ min, max }: Item): string {
  if (min === 1 && max === 1) return '';
  if (max === Infinity) return min === 0 ? '*' : min === 1 ? '+' : `{${min},}`;
  return min === max ? `{${min}}` : `{${min},${max}}`;
}

/**
 * A native RegExp for the whole-input match of `pattern` when the check above proves it linear, else
 * undefined (the caller uses re2js). The pattern has passed re2js's own parsing before.
 */
export function linearNativeMatcher(pattern: string): RegExp | undefined {
  const parsed = parseItems(pattern);
  if (parsed === undefined || !isUnambiguous(parsed.items)) return undefined;
  return new RegExp(`^${parsed.items.map((item) => renderSet(item.set) + renderQuantifier(item)).join('')}$`, 'u');
}

/**
 * A native RegExp reading the groups of a whole match of `pattern` (text that re2js found it matches), when the
 * pattern has plain groups and the check above proves it linear, else undefined. In this grammar a match splits
 * among the items one way only (each variable item must stop where the next cannot start), so its groups are
 * what RE2 gives them; reading them here spares re2js its second pass over the match.
 */
export function linearNativeGroups(pattern: string): RegExp | undefined {
  const parsed = parseItems(pattern, true);
  if (parsed === undefined || !parsed.tokens.includes('(') || !isUnambiguous(parsed.items)) return undefined;
  const body = parsed.tokens.map((token) => (typeof token === 'string' ? token : renderSet(token.set) + renderQuantifier(token))).join('');
  return new RegExp(`^${body}$`, 'u');
}

/**
 * The fewest characters a match of `pattern` takes, where the pattern parses in this module's grammar (plain
 * groups allowed; no anchors or other zero-width assertions, so a match of at least one item is never empty),
 * else undefined.
 */
export function linearMinimumLength(pattern: string): number | undefined {
  const parsed = parseItems(pattern, true);
  return parsed === undefined ? undefined : parsed.items.reduce((sum, item) => sum + item.min, 0);
}
