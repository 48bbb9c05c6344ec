import { Decimal } from 'decimal.js';

/**
 * decimal.js rounds every result to `precision` significant digits; Java's BigDecimal add/subtract/multiply
 * are exact, so all BigDecimal arithmetic goes through a constructor whose precision never bites.
 * Division is done separately in bigints (see bigDecimalDivide).
 */
export const ExactDecimal = Decimal.clone({ precision: 1e9, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -9e15, toExpPos: 9e15, modulo: Decimal.ROUND_DOWN });
