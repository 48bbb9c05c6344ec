import { isExpressionEvaluationError } from '../src/errors';
import { compiledExpression, type CompileResult } from '../src/expression';
import { describeValue } from './fixture-context';

type Compiled = Extract<CompileResult, { ok: true }>;

interface Outcome {
  /** The value's kind and Java string, or the error's code, message and range. */
  text: string;
  result: { value: unknown } | { error: unknown };
}

function outcomeOf(compiled: Compiled, variables: Readonly<Record<string, unknown>> | undefined): Outcome {
  try {
    const value = compiled.evaluate(variables);
    return { text: `value ${describeValue(value)}`, result: { value } };
  } catch (error) {
    if (!isExpressionEvaluationError(error)) throw error;
    return { text: `error ${error.code} ${error.message} at ${error.range.start}-${error.range.end}`, result: { error } };
  }
}

/** Expressions whose value differs between two evaluations by design (random numbers, fresh UUIDs). */
const nondeterministic = /RANDOM|uuid/i;

/**
 * Runs the generated evaluator and the closure tree of the same expression side by side: every evaluation
 * through the returned object evaluates both and throws when they disagree (value, error code, message or
 * position), then behaves like the generated one.
 */
export function bothEvaluators(text: string, generated: Compiled, closures: CompileResult): Compiled {
  if (!closures.ok) throw new Error(`${text}: the closure tree failed to compile where the generated evaluator did`);
  const evaluate = (variables?: Readonly<Record<string, unknown>>): unknown => {
    const viaGenerated = outcomeOf(generated, variables);
    const viaClosures = outcomeOf(closures, variables);
    const comparable = (outcome: Outcome) => (nondeterministic.test(text) ? outcome.text.split(' ')[0]! : outcome.text);
    if (comparable(viaClosures) !== comparable(viaGenerated)) {
      throw new Error(`The evaluators disagree on ${text.slice(0, 200)}:\n  generated: ${viaGenerated.text}\n  closures:  ${viaClosures.text}`);
    }
    if ('error' in viaGenerated.result) throw viaGenerated.result.error;
    return viaGenerated.result.value;
  };
  return compiledExpression(generated.type, evaluate);
}
