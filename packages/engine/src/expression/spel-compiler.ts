import { compileExpression } from '@scenaria/spel';
import type { EvaluationLimits, ExpressionConfig, Globals, GlobalsOptions } from '@scenaria/spel';
import type { ClassDefinitionInput } from '@scenaria/typing';
import { expressionEnvironment } from '@scenaria/validation';
import type { ExpressionCompiler, ExpressionCompilerFactory, GlobalVariable } from './expression-compiler';

/** Settings of the SpEL compilers: the model's extra classes, expression config and helper options. */
export interface SpelCompilerOptions {
  /** Classes the model adds to the whitelist (`model.classes`, e.g. the default model's aggregate helper). */
  classes?: readonly ClassDefinitionInput[];
  config?: Partial<ExpressionConfig>;
  /** Clock, randomness and default zone of the helper globals (`#DATE`, `#RANDOM`...). */
  globals?: GlobalsOptions;
  /** Budget of each evaluation (steps, collection sizes, string lengths); spel's defaults when absent. */
  limits?: Partial<EvaluationLimits>;
}

/**
 * The expression compilers over @scenaria/spel: each scenario's compiler knows the helper globals plus the
 * scenario's own (`#meta`), with the model's classes in the whitelist.
 * @example compileScenario(canonical, { ..., expressionCompilers: createSpelCompilerFactory({ classes: model.classes }) })
 */
export function createSpelCompilerFactory(options: SpelCompilerOptions = {}): ExpressionCompilerFactory {
  // The same whitelist and helpers validation types the scenario with; only the helpers' clock may differ.
  const { globals: helpers, registry } = expressionEnvironment({ classes: options.classes ?? [], globalVariables: {} }, options.globals);
  return {
    forScenario(scenarioGlobals: Readonly<Record<string, GlobalVariable>>): ExpressionCompiler {
      const globals: Globals = {
        types: { ...helpers.types, ...Object.fromEntries(Object.entries(scenarioGlobals).map(([name, g]) => [name, g.type])) },
        values: { ...helpers.values, ...Object.fromEntries(Object.entries(scenarioGlobals).map(([name, g]) => [name, g.value])) },
        classes: helpers.classes,
        registry,
      };
      return {
        compile(expression, variables, compileOptions) {
          if (expression.language !== 'spel' && expression.language !== 'spelTemplate') {
            return { ok: false, errors: [{ code: 'NotSupportedExpressionLanguage', message: `Language ${expression.language} is not supported` }] };
          }
          const result = compileExpression(expression.expression, {
            variables,
            globals,
            registry,
            language: expression.language,
            ...(options.config ? { config: options.config } : {}),
            ...(options.limits ? { limits: options.limits } : {}),
            ...(compileOptions?.expectedType ? { expectedType: compileOptions.expectedType } : {}),
          });
          if (!result.ok) return { ok: false, errors: result.errors.map((e) => ({ code: e.code, message: e.message })) };
          return { ok: true, value: { type: result.type, evaluate: result.evaluate } };
        },
      };
    },
  };
}
