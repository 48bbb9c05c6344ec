import type { ClassDefinition } from '../internal/class-registry';
import type { ClassRegistry } from '../internal/class-registry';
import { createWhitelistRegistry, typingStandardClasses } from '../internal/typing-registry-adapter';
import { HelperObject } from '../internal/java-values';
import { standardClasses } from '../internal/standard-classes';
import { classType, type TypingResult } from '../internal/typing-bridge';
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
  classes: ClassDefinition[];
  /** The standard whitelist (this package's classes, then @scenaria/typing's standard ones) plus the helper classes. */
  registry: ClassRegistry;
}

/** Builds the helper globals (`#COLLECTION`, `#CONV`, `#UTIL`, `#BASE64`, `#RANDOM`, `#NUMERIC`, `#DATE`, `#DATE_FORMAT`, `#GEO`). */
export function createGlobals(options: GlobalsOptions = {}): Globals {
  const random = options.random ?? Math.random;
  const clock = options.clock ?? Date.now;
  const helpers: Record<string, ClassDefinition> = {
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
  return { types, values, classes, registry: createWhitelistRegistry([...standardClasses, ...typingStandardClasses(), ...classes]) };
}

let cached: Globals | undefined;

/** The default helper globals (Math.random, Date.now, UTC), built once per process. */
export function defaultGlobals(): Globals {
  cached ??= createGlobals();
  return cached;
}
