import type { Model } from '@scenaria/components';
import { type ClassRegistry, compileExpression, typeExpression } from '@scenaria/spel';
import type { TypingResult } from '@scenaria/typing';
import { expressionEnvironment } from './expression-environment';

/** The outcome of typing one expression: its type (Unknown where it failed) and the error messages. */
export interface ExpressionTyping {
  readonly type: TypingResult;
  readonly messages: readonly string[];
}

/**
 * Types expressions against a model's classes. One per model: the class registry (standard classes, the
 * language's helpers and the model's own classes) is built once and reused for every expression.
 */
export interface ExpressionTyper {
  readonly registry: ClassRegistry;
  /** Global variables of the language (helpers such as `#COLLECTION`) plus the model's own. */
  readonly globals: Readonly<Record<string, TypingResult>>;
  type(
    language: 'spel' | 'spelTemplate',
    text: string,
    variables: Readonly<Record<string, TypingResult>>,
    expected?: TypingResult,
  ): ExpressionTyping;
  /** Evaluates an expression whose variables are all known values (validation expressions of parameters). */
  evaluate(text: string, variables: Readonly<Record<string, TypingResult>>, values: Record<string, unknown>): { ok: true; value: unknown } | { ok: false };
}

const typers = new WeakMap<Model, ExpressionTyper>();

/** The expression typer of a model (cached per model object). */
export function expressionTyperFor(model: Model): ExpressionTyper {
  const cached = typers.get(model);
  if (cached !== undefined) return cached;
  const environment = expressionEnvironment(model);
  const { registry, globals: helpers } = environment;
  const typer: ExpressionTyper = {
    registry,
    globals: environment.variableTypes,
    type(language, text, variables, expected) {
      const typed = typeExpression(text, {
        variables,
        registry,
        globals: helpers,
        language,
        config: model.expressionConfig,
        ...(expected === undefined ? {} : { expectedType: expected }),
      });
      return { type: typed.type, messages: typed.errors.map((e) => e.message) };
    },
    evaluate(text, variables, values) {
      const compiled = compileExpression(text, { variables, registry, globals: helpers, language: 'spel', config: model.expressionConfig });
      if (!compiled.ok) return { ok: false };
      const outcome = compiled.tryEvaluate(values);
      return outcome.ok ? { ok: true, value: outcome.value } : { ok: false };
    },
  };
  typers.set(model, typer);
  return typer;
}
