/** Thrown for regular expressions that are invalid or could backtrack catastrophically. */
export class UnsafePatternError extends Error {
  override readonly name = 'UnsafePatternError';
}

const cache = new Map<string, RegExp>();

// A quantified group that itself contains a quantifier (`(a+)+`, `(x*)*`, `(a|aa){2,}`) is the shape of
// catastrophic backtracking; JavaScript has no time limit on a match, so such patterns are refused outright.
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*[+*{]/;
const ALTERNATION_QUANTIFIED = /\((?:[^()\\]|\\.)*\|(?:[^()\\]|\\.)*\)\s*[+*{]/;

/** Compiles a Java-style regular expression for matching, refusing patterns that could hang the process. */
export function checkedRegExp(pattern: string, flags = ''): RegExp {
  const key = `${flags}/${pattern}`;
  const cached = cache.get(key);
  if (cached) {
    cached.lastIndex = 0;
    return cached;
  }
  if (pattern.length > 1000) throw new UnsafePatternError('Regular expression is too long');
  if (NESTED_QUANTIFIER.test(pattern) || ALTERNATION_QUANTIFIED.test(pattern) || /\\\d/.test(pattern)) {
    throw new UnsafePatternError(`Regular expression '${pattern}' may backtrack without bound and is not allowed`);
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
