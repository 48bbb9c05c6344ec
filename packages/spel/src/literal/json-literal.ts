/** Why a JSON value has no SpEL literal form. */
export type JsonLiteralProblem = 'too-deep' | 'not-json';

/** A JSON value written as SpEL, or why it cannot be. */
export type JsonLiteralResult = { ok: true; expression: string } | { ok: false; problem: JsonLiteralProblem };

// Values come from test results the user pins; a record nested deeper than this is refused rather than walked.
const MAX_DEPTH = 64;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function write(value: unknown, depth: number): string | JsonLiteralProblem {
  if (depth > MAX_DEPTH) return 'too-deep';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return String(value);
    case 'number':
      // SpEL has no literal for these; JSON has none either, so a JSON value never holds them.
      if (!Number.isFinite(value)) return 'not-json';
      // An integer beyond int range needs the long suffix, as Nussknacker's typer reads literals as Integer.
      return Number.isInteger(value) && Math.abs(value) > 2_147_483_647 ? `${value}L` : String(value);
    case 'string':
      return `'${value.replaceAll("'", "''")}'`;
    case 'object': {
      if (Array.isArray(value)) {
        const items: string[] = [];
        for (const item of value) {
          const written = write(item, depth + 1);
          if (written === 'too-deep' || written === 'not-json') return written;
          items.push(written);
        }
        return `{${items.join(', ')}}`;
      }
      const entries: string[] = [];
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        const written = write(item, depth + 1);
        if (written === 'too-deep' || written === 'not-json') return written;
        entries.push(`${IDENTIFIER.test(key) ? key : `'${key.replaceAll("'", "''")}'`}: ${written}`);
      }
      // `{}` is SpEL's empty list; an empty record is the empty inline map `{:}`.
      return entries.length === 0 ? '{:}' : `{${entries.join(', ')}}`;
    }
    default:
      return 'not-json';
  }
}

/**
 * A JSON value as a SpEL literal expression that evaluates to it: strings quoted, lists and records as inline
 * lists and maps. Used to re-use a recorded value (a pinned test record) as the input of another run.
 *
 * @example spelLiteralOf({ amount: 150, customer: "ann's" }) // { ok: true, expression: "{amount: 150, customer: 'ann''s'}" }
 */
export function spelLiteralOf(value: unknown): JsonLiteralResult {
  const written = write(value, 0);
  return written === 'too-deep' || written === 'not-json' ? { ok: false, problem: written } : { ok: true, expression: written };
}
