import { Decimal } from 'decimal.js';
import { JAVA_SCALE, markedJavaScale } from './decimal-scale';
import { ExactDecimal } from './exact-decimal';

/*
 * BigDecimal `+ - *` on small values without decimal.js's general arithmetic. A Java BigDecimal is an unscaled
 * integer and a scale; while both operands' unscaled values and the result's fit in a double's 53 bits, the
 * operation is exact in JavaScript numbers, and the result is written straight into decimal.js's representation.
 * Anything else (more digits, Double or BigInteger operands, NaN) returns undefined and takes the general path,
 * which gives the same value and scale. Through decimal.js, `#amount * 2 + 1` built five decimals and read their
 * digits twice per operation.
 */

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);
const WORD = 1e7;

/** A decimal written here keeps its unscaled value too: the next operation of a chain reads it without its words. */
const UNSCALED = Symbol('unscaled');

interface Compact {
  [JAVA_SCALE]: number;
  [UNSCALED]: number;
}

/** An operand as Java's unscaled value and scale (`12.50` -> 1250, 2): written here by `loadOperand`. */
let loadedUnscaled = 0;
let loadedScale = 0;
let loadedDecimal = false;

// decimal.js keeps a value as words of seven digits (`d`, most significant first, aligned to the decimal point so
// that the first word holds the digits of `e mod 7 + 1` places), the decimal exponent of the first digit (`e`)
// and the sign (`s`); trailing zero words are dropped.
interface DecimalParts {
  readonly d: readonly number[] | null;
  readonly e: number;
  readonly s: number;
}

function loadDecimal(value: Decimal): boolean {
  const { d: words, e: exponent, s: sign } = value as unknown as DecimalParts;
  if (words === null || words.length > 3 || !Number.isFinite(exponent)) return false;
  let digits = words[0]!;
  for (let index = 1; index < words.length; index++) digits = digits * WORD + words[index]!;
  if (digits > MAX_SAFE) return false;
  // Places after the decimal point that `digits` spans (negative: that many zeros follow it).
  const places = 7 * (words.length - 1 - Math.floor(exponent / 7));
  // Trailing zeros are all in the last word (decimal.js drops zero words): counted there, in int32 arithmetic,
  // which is several times faster than a double's remainder.
  let significantPlaces = places;
  if (digits === 0) significantPlaces = 0;
  else for (let last = words[words.length - 1]! | 0; significantPlaces > 0 && last % 10 === 0; last = (last / 10) | 0) significantPlaces--;
  const scale = markedJavaScale(value) ?? Math.max(0, significantPlaces);
  const shift = scale - places;
  if (shift > 22 || shift < -22) return false;
  // Dividing drops only trailing zeros: the scale is at least the significant places.
  const unscaled = shift >= 0 ? digits * POWERS_OF_TEN[shift]! : digits / POWERS_OF_TEN[-shift]!;
  if (unscaled > MAX_SAFE) return false;
  loadedUnscaled = sign < 0 ? -unscaled : unscaled;
  loadedScale = scale;
  return true;
}

function loadOperand(value: unknown): boolean {
  if (typeof value === 'number') {
    // An Integer.
    loadedUnscaled = value;
    loadedScale = 0;
    loadedDecimal = false;
    return true;
  }
  if (typeof value === 'bigint') {
    if (value > 9007199254740991n || value < -9007199254740991n) return false;
    loadedUnscaled = Number(value);
    loadedScale = 0;
    loadedDecimal = false;
    return true;
  }
  // decimal.js's constructors write themselves on each instance (`constructor`): a load, where `instanceof
  // Decimal` was a quarter of an operation's time. Decimals of other clones take the general path.
  if (typeof value !== 'object' || value === null) return false;
  const made = (value as { constructor?: unknown }).constructor;
  if (made !== ExactDecimal && made !== Decimal) return false;
  loadedDecimal = true;
  const unscaled = (value as unknown as Partial<Compact>)[UNSCALED];
  if (unscaled === undefined) return loadDecimal(value as Decimal);
  loadedUnscaled = unscaled;
  loadedScale = (value as unknown as Compact)[JAVA_SCALE];
  return true;
}

function digitCount(value: number): number {
  let count = 1;
  while (count < POWERS_OF_TEN.length && value >= POWERS_OF_TEN[count]!) count++;
  return count;
}

/** The quotient and remainder `divideExactly` wrote last. */
let quotient = 0;
let remainder = 0;

/** `value` divided by `divisor` (whole numbers below 2^53) in whole numbers, into `quotient` and `remainder`. */
function divideExactly(value: number, divisor: number): void {
  quotient = Math.floor(value / divisor);
  remainder = value - quotient * divisor;
  // The division rounds near multiples of the divisor: the exact remainder corrects it.
  if (remainder < 0) {
    quotient--;
    remainder += divisor;
  } else if (remainder >= divisor) {
    quotient++;
    remainder -= divisor;
  }
}

/**
 * An ExactDecimal as decimal.js's constructor writes one (the same properties in the same order: its methods read
 * nothing else), with its Java scale and unscaled value beside them, assigned rather than defined
 * (`withJavaScale`): defining a property took a third of an operation's time. A constructor of its own, sharing
 * decimal.js's prototype, gives every result one shape with its properties in the object.
 */
function CompactDecimal(this: Compact & { constructor: unknown; s: number; e: number; d: number[] }, sign: number, exponent: number, words: number[], scale: number, unscaled: number): void {
  this.constructor = ExactDecimal;
  this.s = sign;
  this.e = exponent;
  this.d = words;
  this[JAVA_SCALE] = scale;
  this[UNSCALED] = unscaled;
}
CompactDecimal.prototype = ExactDecimal.prototype;

/** How many words of seven digits a whole number below 2^53 takes (1-3). */
const wordCount = (value: number) => (value < WORD ? 1 : value < WORD * WORD ? 2 : 3);

/**
 * Appends `value`'s `count` (1-3) words of seven digits to `words`, most significant first, as small integers
 * (decimal.js's own arrays hold small integers; an array of doubles would make its methods slower).
 */
function pushWords(words: number[], value: number, count: number): void {
  if (count === 1) {
    words.push(value | 0);
    return;
  }
  divideExactly(value, WORD);
  if (count === 2) {
    words.push(quotient | 0, remainder | 0);
    return;
  }
  const last = remainder;
  divideExactly(quotient, WORD);
  words.push(quotient | 0, remainder | 0, last | 0);
}

/** The decimal of an unscaled value and a scale (0-14), marked with that scale; undefined past that. */
function decimalOf(unscaled: number, scale: number): Decimal | undefined {
  if (scale > 14) return undefined;
  const magnitude = Math.abs(unscaled);
  const unit = POWERS_OF_TEN[scale]!;
  divideExactly(magnitude, unit);
  const integer = quotient;
  const fraction = remainder;
  // Fractional digits padded to whole words, so that the words fall on the decimal point (at most 14 digits).
  const fractionWords = Math.ceil(scale / 7);
  const paddedFraction = fraction * POWERS_OF_TEN[7 * fractionWords - scale]!;
  const words: number[] = [];
  let exponent: number;
  if (integer > 0) {
    pushWords(words, integer, wordCount(integer));
    if (fractionWords > 0) pushWords(words, paddedFraction, fractionWords);
    exponent = digitCount(integer) - 1;
  } else if (paddedFraction > 0) {
    // Below one: the words start at the first one holding a digit.
    pushWords(words, paddedFraction, wordCount(paddedFraction));
    exponent = digitCount(paddedFraction) - 1 - 7 * fractionWords;
  } else {
    words.push(0);
    exponent = 0;
  }
  while (words.length > 1 && words[words.length - 1] === 0) words.pop();
  const result = new (CompactDecimal as unknown as new (sign: number, exponent: number, words: number[], scale: number, unscaled: number) => Compact)(
    unscaled < 0 ? -1 : 1,
    exponent,
    words,
    scale,
    unscaled,
  );
  return result as unknown as Decimal;
}

/** Instructions of `compactDecimalProgram`: an operator, or (from 0) the index of the leaf to push. */
export const COMPACT_PLUS = -1;
export const COMPACT_MINUS = -2;
export const COMPACT_TIMES = -3;

const MAX_STACK = 64;
const stackUnscaled = new Float64Array(MAX_STACK);
const stackScale = new Int32Array(MAX_STACK);
// Whether each stacked value is a BigDecimal: an operation on two Integers or Longs is not one (Java would not
// promote it), whatever the static types said, and is left to the general path.
const stackDecimal = new Uint8Array(MAX_STACK);

/**
 * A tree of BigDecimal `+ - *` in postfix (`program`, over its leaves in evaluation order: the first four as
 * arguments, which spares an array per evaluation, the others in `more`), computed on unscaled values with one
 * decimal built at the end: what the operators one by one give, value and scale, or undefined where they may not
 * (a leaf that is not a small BigDecimal, Integer or Long; a step past 53 bits; an operation without a BigDecimal
 * operand), and then the caller runs them one by one.
 */
export function compactDecimalProgram(program: readonly number[], first: unknown, second: unknown, third: unknown, fourth: unknown, more?: readonly unknown[]): Decimal | undefined {
  let depth = 0;
  for (let index = 0; index < program.length; index++) {
    const step = program[index]!;
    if (step >= 0) {
      const leaf = step === 0 ? first : step === 1 ? second : step === 2 ? third : step === 3 ? fourth : more?.[step - 4];
      if (depth === MAX_STACK || !loadOperand(leaf)) return undefined;
      stackUnscaled[depth] = loadedUnscaled;
      stackScale[depth] = loadedScale;
      stackDecimal[depth] = loadedDecimal ? 1 : 0;
      depth++;
      continue;
    }
    if (depth < 2) return undefined;
    depth--;
    const top = depth - 1;
    if (stackDecimal[top] === 0 && stackDecimal[depth] === 0) return undefined;
    const leftUnscaled = stackUnscaled[top]!;
    const rightUnscaled = stackUnscaled[depth]!;
    const leftScale = stackScale[top]!;
    const rightScale = stackScale[depth]!;
    let unscaled: number;
    let scale: number;
    if (step === COMPACT_TIMES) {
      unscaled = leftUnscaled * rightUnscaled;
      scale = leftScale + rightScale;
    } else {
      scale = Math.max(leftScale, rightScale);
      if (scale - leftScale > 22 || scale - rightScale > 22) return undefined;
      const alignedLeft = leftUnscaled * POWERS_OF_TEN[scale - leftScale]!;
      const alignedRight = rightUnscaled * POWERS_OF_TEN[scale - rightScale]!;
      if (Math.abs(alignedLeft) > MAX_SAFE || Math.abs(alignedRight) > MAX_SAFE) return undefined;
      unscaled = step === COMPACT_PLUS ? alignedLeft + alignedRight : alignedLeft - alignedRight;
    }
    if (Math.abs(unscaled) > MAX_SAFE || scale > 22) return undefined;
    stackUnscaled[top] = unscaled + 0;
    stackScale[top] = scale;
    stackDecimal[top] = 1;
  }
  return depth === 1 && stackDecimal[0] === 1 ? decimalOf(stackUnscaled[0]!, stackScale[0]!) : undefined;
}

const SINGLE_OPERATIONS = { '+': [0, 1, COMPACT_PLUS], '-': [0, 1, COMPACT_MINUS], '*': [0, 1, COMPACT_TIMES] } as const;

/**
 * Java's `left op right` for `+ - *` when the result is a BigDecimal and every part fits in 53 bits, with Java's
 * scales (the larger one for a sum or difference, their total for a product): a program of one operation.
 */
export function compactDecimalOp(op: '+' | '-' | '*', left: unknown, right: unknown): Decimal | undefined {
  return compactDecimalProgram(SINGLE_OPERATIONS[op], left, right, undefined, undefined);
}
