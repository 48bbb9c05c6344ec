import { classType, standardClassRegistry, type ClassRegistry, type TypingResult } from '@scenaria/typing';
import { HelperObject } from '../internal/spel-values';
import type { ClassSpec } from '../internal/method-dsl';
import { withPrecedence } from '../internal/registry';
import { standardClasses } from '../internal/standard-classes';
import { base64Helper, convHelper, geoHelper, numericHelper, randomHelper, utilHelper } from './basic-helpers';
import { collectionHelper } from './collection';
import { dateFormatHelper, dateHelper, dateTimeFormatterClass } from './date-helpers';

/** Sources of nondeterminism the helpers use; inject them for reproducible evaluation. */
export interface GlobalsOptions {
  /** Uniform random numbers in [0, 1) (default Math.random). */
  random?: () => number;
  /** Current time in epoch milliseconds (default Date.now). */
  clock?: () => number;
  /** Zone id used as the "default time zone" (default UTC). */
  defaultZone?: string;
}

/** The helper variables of the default model with their types, runtime values and class definitions. */
export interface Globals {
  types: Record<string, TypingResult>;
  values: Record<string, unknown>;
  classes: ClassSpec[];
  /** @scenaria/typing's standard registry with this package's standard classes and the helper classes layered on top. */
  registry: ClassRegistry;
}

/** Builds the helper globals (`#COLLECTION`, `#CONV`, `#UTIL`, `#BASE64`, `#RANDOM`, `#NUMERIC`, `#DATE`, `#DATE_FORMAT`, `#GEO`). */
export function createGlobals(options: GlobalsOptions = {}): Globals {
  const random = options.random ?? Math.random;
  const clock = options.clock ?? Date.now;
  const helpers: Record<string, ClassSpec> = {
    COLLECTION: collectionHelper(random),
    CONV: convHelper(),
    UTIL: utilHelper(random),
    BASE64: base64Helper(),
    RANDOM: randomHelper(random),
    NUMERIC: numericHelper(),
    DATE: dateHelper({ clock, defaultZone: options.defaultZone ?? 'UTC' }),
    DATE_FORMAT: dateFormatHelper(),
    GEO: geoHelper(),
  };
  const types: Record<string, TypingResult> = {};
  const values: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(helpers)) {
    types[name] = classType(definition.name);
    values[name] = new HelperObject(definition.name);
  }
  const classes = [...Object.values(helpers), dateTimeFormatterClass];
  return { types, values, classes, registry: withPrecedence(standardClassRegistry, [...standardClasses, ...classes]) };
}

let cached: Globals | undefined;

/** The default helper globals (Math.random, Date.now, UTC), built once per process. */
export function defaultGlobals(): Globals {
  cached ??= createGlobals();
  return cached;
}

const layeredRegistries = new WeakMap<ClassRegistry, WeakMap<readonly ClassSpec[], ClassRegistry>>();

/**
 * The registry to type and evaluate with: the globals' own, or a caller's @scenaria/typing registry (e.g.
 * `standardClassRegistry.extend(model.classes)`) with this package's standard classes and the helper classes
 * layered on top (memoized per registry and helper set).
 */
export function registryFor(option: ClassRegistry | undefined, globals: Globals | null): ClassRegistry {
  const fallback = globals?.registry ?? defaultGlobals().registry;
  if (option === undefined || option === fallback) return fallback;
  const helpers = globals?.classes ?? NO_CLASSES;
  let byHelpers = layeredRegistries.get(option);
  if (byHelpers === undefined) {
    byHelpers = new WeakMap();
    layeredRegistries.set(option, byHelpers);
  }
  let registry = byHelpers.get(helpers);
  if (registry === undefined) {
    registry = withPrecedence(option, [...standardClasses, ...helpers]);
    byHelpers.set(helpers, registry);
  }
  return registry;
}

const NO_CLASSES: readonly ClassSpec[] = [];
