import { componentsById } from '@scenaria/components';
import type { Model } from '@scenaria/components';
import type { CanonicalProcess } from '@scenaria/graph';
import type { EvaluationLimits } from '@scenaria/spel';
import type { ComponentRuntimeRegistry } from './components/component-runtime';
import { aggregateHelperValue, defaultComponentRuntimes } from './components/default-runtimes';
import { createSpelCompilerFactory } from './expression/spel-compiler';
import type { CompileScenarioOptions } from './scenario';

/** Options of `defaultEngineOptions`. */
export interface DefaultEngineOptions {
  /** Fragments by name, inlined where they are used. */
  fragments?: (fragmentId: string) => CanonicalProcess | undefined;
  /** Changes the default runtimes (adds implementations, wraps services for mocks). */
  runtimes?: (defaults: ComponentRuntimeRegistry) => ComponentRuntimeRegistry;
  /** The clock of `#DATE` and the stateful components; the system clock when absent. */
  now?: () => number;
  /** Budget of each expression evaluation; spel's defaults (a million steps) when absent. */
  evaluationLimits?: Partial<EvaluationLimits>;
}

/**
 * How a scenario of a model compiles with the default runtimes: the model's components (fragments' own
 * definitions excluded), SpEL over the model's classes, `#AGG`, the given fragments and clock. The embedded
 * engine, the designer's test runs and the CLI's scenario tests all compile with it, so a test runs what a
 * deployment would.
 * @example
 * const result = await runScenarioTest(canonical, testData, defaultEngineOptions(defaultModel('streaming')));
 */
export function defaultEngineOptions(model: Model, options: DefaultEngineOptions = {}): Omit<CompileScenarioOptions, 'listener'> {
  const defaults = defaultComponentRuntimes();
  return {
    components: componentsById(model, { isFragment: false }),
    runtimes: options.runtimes ? options.runtimes(defaults) : defaults,
    expressionCompilers: createSpelCompilerFactory({
      classes: model.classes,
      config: model.expressionConfig,
      ...(options.now ? { globals: { clock: options.now } } : {}),
      ...(options.evaluationLimits ? { limits: options.evaluationLimits } : {}),
    }),
    additionalVariableValues: { AGG: aggregateHelperValue },
    ...(options.now ? { services: { clock: { now: options.now } } } : {}),
    ...(options.fragments ? { fragments: options.fragments } : {}),
  };
}
