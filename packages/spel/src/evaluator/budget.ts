import { textSteps, type CostMeter } from '@scenaria/typing';

/** Limits that keep a hostile expression from hanging or exhausting the process. */
export interface EvaluationLimits {
  /** Loop iterations, method calls and element copies per evaluation. */
  maxSteps: number;
  /** Largest list/map/set an expression may build. */
  maxCollectionSize: number;
  /** Longest string an expression may build. */
  maxStringLength: number;
}

/** Defaults: generous for real scenarios (records with thousands of elements), small enough to stop in milliseconds. */
export const defaultEvaluationLimits: Readonly<EvaluationLimits> = Object.freeze({
  maxSteps: 1_000_000,
  maxCollectionSize: 100_000,
  maxStringLength: 10_000_000,
});

/** Thrown when a limit is exceeded; the evaluator turns it into an ExpressionEvaluationError with a position. */
export class BudgetExceededError extends Error {
  override readonly name = 'BudgetExceededError';
}

/**
 * The budget of the evaluation in progress. Registry methods state their cost (`MethodDefinition.cost`), which
 * the evaluators charge here before calling them; this package's helpers that can only measure while they run
 * (JSON parsing) read the active budget, which is module state, saved and restored around nested evaluations.
 */
export class Budget implements CostMeter {
  steps = 0;
  /** Keys charged once in this evaluation (see `chargeOnce`); created on first use. */
  private once: Set<string> | undefined;
  constructor(readonly limits: EvaluationLimits) {}

  /** Starts an evaluation: nothing charged yet. */
  reset(): void {
    this.steps = 0;
    this.once = undefined;
  }

  chargeOnce(key: string, count: number): void {
    if (this.once?.has(key)) return;
    (this.once ??= new Set()).add(key);
    this.step(count);
  }

  step(count = 1): void {
    this.steps += count;
    if (this.steps > this.limits.maxSteps) throw new BudgetExceededError(`Evaluation exceeded its budget of ${this.limits.maxSteps} steps`);
  }

  checkSize(size: number): void {
    if (size > this.limits.maxCollectionSize) {
      throw new BudgetExceededError(`Collection of ${size} elements exceeds the limit of ${this.limits.maxCollectionSize}`);
    }
    this.step(size);
  }

  /** A String about to be built: refused above the limit, charged one step per block of characters. */
  chargeString(length: number): void {
    if (length > this.limits.maxStringLength) {
      throw new BudgetExceededError(`String of ${length} characters exceeds the limit of ${this.limits.maxStringLength}`);
    }
    this.step(textSteps(length));
  }

  checkString(text: string): string {
    if (text.length > this.limits.maxStringLength) {
      throw new BudgetExceededError(`String of ${text.length} characters exceeds the limit of ${this.limits.maxStringLength}`);
    }
    return text;
  }
}

// Outside evaluations (and in trees evaluated without one) this budget is active; nothing may charge it, as it
// is never reset: code that charges only when it can tell checks `isBudgetInstalled`.
const outside = new Budget(defaultEvaluationLimits);
let active: Budget = outside;

/** Whether an evaluation's own budget is installed (false in trees evaluated without one). */
export function isBudgetInstalled(): boolean {
  return active !== outside;
}

/** The budget of the evaluation in progress (a fresh default one outside evaluations). */
export function activeBudget(): Budget {
  return active;
}

/** Makes `budget` the active one and returns the previous one (for the evaluator's hot path). */
export function swapBudget(budget: Budget): Budget {
  const previous = active;
  active = budget;
  return previous;
}
