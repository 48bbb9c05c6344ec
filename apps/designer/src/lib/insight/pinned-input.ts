import { spelLiteralOf } from '@scenaria/spel';

/** A test record kept to be run again: where it was recorded and its `#input`. */
export interface PinnedRecord {
  id: string;
  nodeId: string;
  input: unknown;
}

/**
 * Ad-hoc form values (SpEL per field) that rebuild a pinned record's `#input`: each field takes the record's
 * field of that name; a form of one field that the record does not name takes the whole record. Fields left
 * out are those the record has no value for (and values with no literal form).
 */
export function adhocValuesOf(fieldNames: readonly string[], input: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  const record = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : undefined;
  for (const name of fieldNames) {
    if (record && Object.hasOwn(record, name)) {
      const written = spelLiteralOf(record[name]);
      if (written.ok) values[name] = written.expression;
    }
  }
  const [only] = fieldNames;
  if (fieldNames.length === 1 && only !== undefined && values[only] === undefined) {
    const written = spelLiteralOf(input);
    if (written.ok) values[only] = written.expression;
  }
  return values;
}
