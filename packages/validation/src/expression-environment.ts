import type { Model } from '@scenaria/components';
import { createGlobals, defaultGlobals, type ClassRegistry, type Globals, type GlobalsOptions } from '@scenaria/spel';
import type { TypingResult } from '@scenaria/typing';

/** What a model's expressions are typed and evaluated in: the class whitelist and the global variables. */
export interface ExpressionEnvironment {
  /** The class whitelist: the standard classes, the language helpers' classes and the model's own. */
  readonly registry: ClassRegistry;
  /**
   * The language's helper globals (`#COLLECTION`, `#DATE`...) with their runtime values, over {@link registry}:
   * pass it as `globals` to `typeExpression`/`compileExpression` so both use the same whitelist.
   */
  readonly globals: Globals;
  /** Types of every global variable: the helpers' and the model's own (`model.globalVariables`). */
  readonly variableTypes: Readonly<Record<string, TypingResult>>;
}

/** The parts of a model an expression environment is built from. */
export type ExpressionModel = Pick<Model, 'classes' | 'globalVariables'>;

const environments = new WeakMap<ExpressionModel, ExpressionEnvironment>();

function buildEnvironment(model: ExpressionModel, helpers: Globals): ExpressionEnvironment {
  const registry = helpers.registry.extend(model.classes);
  return { registry, globals: { ...helpers, registry }, variableTypes: { ...helpers.types, ...model.globalVariables } };
}

/**
 * The expression environment of a model. With the default helpers (no `options`) it is built once per model
 * object and shared: models are immutable, and extending the registry is the costly part. Options (a
 * clock, randomness, a zone) make helpers of their own, so that environment is built afresh.
 * @example const { registry, globals } = expressionEnvironment(model);
 * typeExpression('#COLLECTION.sum(#input.amounts)', { variables, registry, globals });
 */
export function expressionEnvironment(model: ExpressionModel, options?: GlobalsOptions): ExpressionEnvironment {
  if (options !== undefined) return buildEnvironment(model, createGlobals(options));
  let environment = environments.get(model);
  if (environment === undefined) {
    environment = buildEnvironment(model, defaultGlobals());
    environments.set(model, environment);
  }
  return environment;
}
