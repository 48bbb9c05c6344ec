import { createClassRegistry, type ClassRegistry } from './class-registry';
import { collectionClasses } from './standard/collections';
import { langClasses } from './standard/lang';
import { miscClasses } from './standard/misc';
import { timeClasses } from './standard/time';

/**
 * The classes every model whitelists: java.lang scalars and Math, java.util collections and arrays,
 * java.time, UUID, Locale, Currency, Charset. Models add their own with `standardClassRegistry.extend(...)`.
 */
export const standardClassRegistry: ClassRegistry = createClassRegistry([...langClasses, ...collectionClasses, ...timeClasses, ...miscClasses]);
