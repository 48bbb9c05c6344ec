import { componentsById } from '@scenaria/components';
import type { Model } from '@scenaria/components';
import type { CanonicalProcess } from '@scenaria/graph';
import type { ComponentRuntimeRegistry } from './components/component-runtime';
import { aggregateHelperValue, defaultComponentRuntimes } from './components/default-runtimes';
import { createSpelCompilerFactory } from './expression/spel-compiler';
import type { CompileScenarioOptions } from './scenario';

/**
 * How a scenario of a model compiles with the default runtimes: the model's components (fragments' own
 * definitions excluded), SpEL over the model's classes, `#AGG`, and the given fragments. Test runners outside
 * the designer (the CLI's scenario tests) use it, so they run exactly what the designer's test runs do.
 * @example
 * const result = await runScenarioTest(canonical, testData, defaultEngineOptions(defaultModel('streaming')));
 */
export function defaultEngineOptions(
  model: Model,
  options: { fragments?: (fragmentId: string) => CanonicalProcess | undefined; runtimes?: (defaults: ComponentRuntimeRegistry) => ComponentRuntimeRegistry } = {},
): Omit<CompileScenarioOptions, 'listener'> {
  const defaults = defaultComponentRuntimes();
  return {
    components: componentsById(model, { isFragment: false }),
    runtimes: options.runtimes ? options.runtimes(defaults) : defaults,
    expressionCompilers: createSpelCompilerFactory({ classes: model.classes, config: model.expressionConfig }),
    additionalVariableValues: { AGG: aggregateHelperValue },
    ...(options.fragments ? { fragments: options.fragments } : {}),
  };
}
