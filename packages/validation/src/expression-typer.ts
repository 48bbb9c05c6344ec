import type { Model } from '@scenaria/components';
import { compileExpression, defaultGlobals } from '@scenaria/spel';
import { type ClassRegistry, standardClassRegistry, type TypingResult } from '@scenaria/typing';

/** The outcome of typing one expression. */
export type ExpressionTyping = { ok: true; type: TypingResult } | { ok: false; messages: string[] };

/**
 * Types expressions against a model's classes. One per model: the class registry (standard classes plus
 * the model's helper classes) is built once and reused for every expression.
 */
export interface ExpressionTyper {
  readonly registry: ClassRegistry;
  /** Global variables of the language (helpers such as `#COLLECTION`) plus the model's own. */
  readonly globals: Readonly<Record<string, TypingResult>>;
  type(language: 'spel' | 'spelTemplate', text: string, variables: Readonly<Record<string, TypingResult>>): ExpressionTyping;
  /** Evaluates an expression whose variables are all known values (validation expressions of parameters). */
  evaluate(text: string, variables: Readonly<Record<string, TypingResult>>, values: Record<string, unknown>): { ok: true; value: unknown } | { ok: false };
}

const typers = new WeakMap<Model, ExpressionTyper>();

/** The expression typer of a model (cached per model object). */
export function expressionTyperFor(model: Model): ExpressionTyper {
  const cached = typers.get(model);
  if (cached !== undefined) return cached;
  const registry = standardClassRegistry.extend(model.classes);
  const globals: Record<string, TypingResult> = {};
  for (const [name, global] of Object.entries(defaultGlobals())) globals[name] = global.type;
  Object.assign(globals, model.globalVariables);
  const typer: ExpressionTyper = {
    registry,
    globals,
    type(language, text, variables) {
      const compiled = compileExpression(text, { variables: { ...variables }, registry, language });
      return compiled.ok ? { ok: true, type: compiled.type } : { ok: false, messages: compiled.errors.map((e) => e.message) };
    },
    evaluate(text, variables, values) {
      const compiled = compileExpression(text, { variables: { ...variables }, registry, language: 'spel' });
      if (!compiled.ok) return { ok: false };
      try {
        return { ok: true, value: compiled.evaluate(values) };
      } catch {
        // A runtime failure of a validation expression means the value does not pass it.
        return { ok: false };
      }
    },
  };
  typers.set(model, typer);
  return typer;
}
