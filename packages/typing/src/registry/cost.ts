import { countSplitParts, isLiteralPattern, MAX_PATTERN_LENGTH } from '../runtime/regex';

/**
 * What a method's cost hook charges. The evaluator's budget implements it (spel's `Budget`); typing only
 * describes the shape so that registry methods can state their cost without depending on an evaluator.
 */
export interface CostMeter {
  readonly limits: { readonly maxSteps: number; readonly maxCollectionSize: number; readonly maxStringLength: number };
  /** Work proportional to `count`: loop iterations, comparisons, element copies. */
  step(count?: number): void;
  /** A collection of `size` elements about to be built: refused above the limit, charged one step per element. */
  checkSize(size: number): void;
  /** A String of `length` characters about to be built: refused above the limit, charged one step per {@link CHARS_PER_STEP}. */
  chargeString(length: number): void;
  /**
   * `count` steps the first time `key` is charged in this evaluation, nothing after: work a call does once and
   * then caches (compiling a pattern). Charging per evaluation rather than per cache miss keeps the outcome
   * independent of what other evaluations left in the cache.
   */
  chargeOnce(key: string, count: number): void;
}

/**
 * The cost of one call, computed from the receiver and the (varargs-packed) arguments and charged by the
 * evaluator before `invoke` runs, so a call that would build too much fails before it allocates. It throws
 * (the meter does) when the budget is exceeded; it never changes anything else.
 */
export type MethodCost = (meter: CostMeter, target: unknown, args: readonly unknown[]) => void;

/**
 * Characters a single budget step pays for when text is scanned or built. Steps stand for loop iterations
 * elsewhere; a character costs far less than an iteration of an expression, so text is charged in blocks.
 */
export const CHARS_PER_STEP = 16;

/** Steps for scanning or copying `length` characters. */
export function textSteps(length: number): number {
  return Math.ceil(length / CHARS_PER_STEP);
}

/**
 * An upper bound of the elements and characters a value holds, walking shared parts again each time they are
 * reached (as `toString`, `equals` and JSON do), stopping as soon as `cap` is passed: a value built from shared
 * lists can be exponentially larger than the memory it takes, and measuring it must not take that long.
 */
export function measureValue(value: unknown, cap: number): number {
  if (Array.isArray(value)) {
    const flat = measureFlatList(value, cap);
    if (flat !== undefined) return flat;
  }
  let total = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    total += 1;
    if (typeof current === 'string') total += textSteps(current.length);
    else if (Array.isArray(current)) for (const item of current) pending.push(item);
    else if (current instanceof Map) {
      for (const [key, item] of current) pending.push(key, item);
    } else if (current instanceof Set) for (const item of current) pending.push(item);
    if (total > cap || pending.length > cap) return cap + 1;
  }
  return total;
}

/**
 * The measure of a list holding no collection (a list of Strings or numbers, what `join` and `+` usually get),
 * without the walk's stack: the same figure as the walk gives, or undefined when an element is a collection.
 */
function measureFlatList(list: readonly unknown[], cap: number): number | undefined {
  if (list.length > cap) return cap + 1;
  let total = 1 + list.length;
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item === 'string') total += textSteps(item.length);
    else if (typeof item === 'object' && item !== null && (Array.isArray(item) || item instanceof Map || item instanceof Set)) return undefined;
  }
  // The walk stops past the cap, both on the total and on the elements waiting (all of them, at first).
  return total > cap ? cap + 1 : total;
}

/** Charges the walk of a value (its `toString`, `equals` or JSON form): steps for every element and character. */
export function chargeValueWalk(meter: CostMeter, value: unknown): void {
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'string') meter.step(textSteps(value.length));
    return;
  }
  // The cap keeps the measure itself bounded: past it the step charge fails anyway.
  meter.step(measureValue(value, meter.limits.maxSteps));
}

// Costs that only scan their input once, in time linear in what they are given, and allocate nothing in
// proportion to it (a search, a comparison, a parse of a short value). A tree without loops calls each method
// at most once per node, so such calls cannot exhaust anything there: the evaluator may skip installing a
// budget for them, as it does for constant-cost methods. Inside loops they are charged like any cost.
const linearScans = new WeakSet<MethodCost>();

/** Marks a cost as a linear scan that allocates nothing in proportion to its input (see above). */
export function linearScan(cost: MethodCost): MethodCost {
  linearScans.add(cost);
  return cost;
}

/** Whether the cost is a linear scan (a loop-free tree may call it without a budget). */
export function isLinearScan(cost: MethodCost): boolean {
  return linearScans.has(cost);
}

/**
 * The default cost of a method that takes Strings and declares none (a parse, a lookup by name): one scan of
 * each String argument. Methods that build something from their Strings declare their own.
 */
export function scanStringArguments(indexes: readonly number[]): MethodCost {
  return linearScan((meter, _target, args) => {
    let length = 0;
    for (const i of indexes) {
      const value = args[i];
      if (typeof value === 'string') length += value.length;
    }
    meter.step(textSteps(length));
  });
}

/** Compiling a pattern (on a cache miss) costs steps in proportion to its length, as RE2 builds its program. */
const PATTERN_COMPILE_STEPS_PER_CHAR = 64;

/** Compiling the pattern, once per evaluation (it is cached after). */
export function chargePattern(meter: CostMeter, pattern: unknown): void {
  if (typeof pattern === 'string') meter.chargeOnce(pattern, Math.min(pattern.length, MAX_PATTERN_LENGTH) * PATTERN_COMPILE_STEPS_PER_CHAR + 1);
}

/**
 * Characters a budget step pays for when a regular expression scans text. The engine takes about 20 ns a
 * character, half an expression's step (measured: a `matches` over 1M characters in 22 ms, a million steps of
 * projections in 35-40 ms), so a regex scan is charged eight times the rate of a plain one.
 */
export const REGEX_CHARS_PER_STEP = 2;

/** Steps per match a regex search finds: the engine spends 0.5-0.7 µs on each, finding it and reporting its bounds. */
export const STEPS_PER_REGEX_MATCH = 16;

/**
 * Steps a BigDecimal operation costs (`+ - *`, a constructor, `valueOf`): decimal.js takes 200-450 ns for one on
 * everyday values (a product in a projection 270 ns, a sum through the closure evaluator 450 ns), against 35-40 ns a
 * step.
 */
export const STEPS_PER_DECIMAL_OPERATION = 6;

/**
 * Steps a BigDecimal operator costs: `/` and `%` go through the operands' unscaled bigints and Java's rounding, about
 * 4.7 µs and 1 µs on everyday values (measured in projections of 90,000), the others `STEPS_PER_DECIMAL_OPERATION`.
 */
export function decimalOperatorSteps(operator: string): number {
  if (operator === '/') return 16 * STEPS_PER_DECIMAL_OPERATION;
  if (operator === '%') return 4 * STEPS_PER_DECIMAL_OPERATION;
  return STEPS_PER_DECIMAL_OPERATION;
}

/** Steps for a regex scan of `length` characters. */
export function regexScanSteps(length: number): number {
  return Math.ceil(length / REGEX_CHARS_PER_STEP);
}

/** A linear-time match over the text (compiling the pattern first if needed): the automaton advances once per character. */
export function chargeMatch(meter: CostMeter, text: unknown, pattern: unknown): void {
  chargePattern(meter, pattern);
  meter.step(regexScanSteps(typeof text === 'string' ? text.length : 0));
}

/**
 * Java's `split` (the String method's and `#UTIL.split`): the scan, then the parts, counted (up to the limit)
 * before any is built. A plain separator is counted and split with indexOf, at a plain scan's cost. A pattern, and
 * the empty one, is split by the regex engine at `STEPS_PER_REGEX_MATCH` a part; a pattern's count is a regex pass
 * of its own, charged as it finds each match.
 */
export function chargeSplit(meter: CostMeter, text: unknown, pattern: unknown, limit: number): void {
  if (typeof text !== 'string' || typeof pattern !== 'string') {
    chargeMatch(meter, text, pattern);
    return;
  }
  const plain = pattern !== '' && isLiteralPattern(pattern);
  if (plain) meter.step(2 * textSteps(text.length));
  else chargeMatch(meter, text, pattern);
  const counted = !plain && pattern !== '';
  if (counted) meter.step(regexScanSteps(text.length));
  const parts = countSplitParts(text, pattern, limit, meter.limits.maxCollectionSize + 1, counted ? () => meter.step(STEPS_PER_REGEX_MATCH) : undefined);
  meter.checkSize(parts);
  if (!plain) meter.step((parts - 1) * STEPS_PER_REGEX_MATCH);
}

/**
 * `replace(search, replacement)` on literal text: the scan, then the result, whose length follows from the
 * occurrences (counted with indexOf, without allocating).
 */
export function chargeLiteralReplace(meter: CostMeter, text: unknown, search: unknown, replacement: unknown): void {
  if (typeof text !== 'string') return;
  meter.step(textSteps(text.length));
  if (typeof search !== 'string' || typeof replacement !== 'string') return;
  let occurrences = 0;
  if (search === '') occurrences = text.length + 1;
  else for (let at = text.indexOf(search); at >= 0; at = text.indexOf(search, at + search.length)) occurrences++;
  meter.chargeString(text.length + occurrences * (replacement.length - search.length));
}
