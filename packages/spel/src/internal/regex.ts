import { requireSafePattern } from '@scenaria/typing/runtime';

/** Thrown for regular expressions that are invalid or could backtrack catastrophically. */
export class UnsafePatternError extends Error {
  override readonly name = 'UnsafePatternError';
}

const cache = new Map<string, RegExp>();

/** Compiles a Java-style regular expression for matching, refusing patterns that could hang the process. */
export function checkedRegExp(pattern: string, flags = ''): RegExp {
  const key = `${flags}/${pattern}`;
  const cached = cache.get(key);
  if (cached) {
    cached.lastIndex = 0;
    return cached;
  }
  try {
    // typing's rule, shared with the String methods of its registry.
    requireSafePattern(pattern);
  } catch (error) {
    throw new UnsafePatternError((error as Error).message);
  }
  let compiled: RegExp;
  try {
    compiled = new RegExp(pattern, flags);
  } catch (error) {
    throw new UnsafePatternError(`Invalid regular expression '${pattern}': ${(error as Error).message}`);
  }
  if (cache.size > 500) cache.clear();
  cache.set(key, compiled);
  return compiled;
}
