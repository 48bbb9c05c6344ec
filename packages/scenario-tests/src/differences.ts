/** Relative tolerance of number comparisons: engines compute `80 * 0.01` as 0.8000000000000002. */
const RELATIVE_TOLERANCE = 1e-9;
/** Most differences listed per comparison: a wholly wrong output must not drown the report. */
const MAX_DIFFERENCES = 20;

function numbersEqual(a: number, b: number): boolean {
  if (a === b) return true;
  return Math.abs(a - b) <= RELATIVE_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
}

/** A short JSON rendering of a value for a difference line. */
export function show(value: unknown): string {
  if (value === undefined) return '(nothing)';
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * The differences between an expected and an actual JSON value, one readable line each, with the path where
 * they differ (`[0].fee: expected 0.8, got 1.2`). Objects must have exactly the expected keys.
 * @example differences({ a: 1 }, { a: 2 }, 'out') // ['out.a: expected 1, got 2']
 */
export function differences(expected: unknown, actual: unknown, path = ''): string[] {
  const found: string[] = [];
  const walk = (want: unknown, got: unknown, at: string) => {
    if (found.length > MAX_DIFFERENCES) return;
    const where = at || '(value)';
    if (typeof want === 'number' && typeof got === 'number') {
      if (!numbersEqual(want, got)) found.push(`${where}: expected ${show(want)}, got ${show(got)}`);
      return;
    }
    if (Array.isArray(want) && Array.isArray(got)) {
      for (let index = 0; index < Math.max(want.length, got.length); index++) {
        if (index >= want.length) found.push(`${at}[${index}]: unexpected ${show(got[index])}`);
        else if (index >= got.length) found.push(`${at}[${index}]: expected ${show(want[index])}, got nothing`);
        else walk(want[index], got[index], `${at}[${index}]`);
        if (found.length > MAX_DIFFERENCES) return;
      }
      return;
    }
    const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
    if (isObject(want) && isObject(got)) {
      for (const key of Object.keys(want)) {
        if (!(key in got)) found.push(`${at}.${key}: expected ${show(want[key])}, got nothing`);
        else walk(want[key], got[key], `${at}.${key}`);
      }
      for (const key of Object.keys(got)) if (!(key in want)) found.push(`${at}.${key}: unexpected ${show(got[key])}`);
      return;
    }
    if (want !== got) found.push(`${where}: expected ${show(want)}, got ${show(got)}`);
  };
  walk(expected, actual, path);
  if (found.length <= MAX_DIFFERENCES) return found;
  return [...found.slice(0, MAX_DIFFERENCES), `${path || '(value)'}: more differences left out`];
}
