import type { Expression } from './schemas/common';

/** A dictionary entry as a `dictKeyWithLabel` expression holds it. */
export interface DictKeyWithLabel {
  key: string;
  label: string;
}

/** The expression language of a value picked from a dictionary (Nussknacker's `dictKeyWithLabel`). */
export const DICT_KEY_WITH_LABEL = 'dictKeyWithLabel';

/**
 * The expression a dictionary editor writes for an entry: language `dictKeyWithLabel`, the text
 * `{"key":…,"label":…}` as the original's designer writes it.
 */
export function dictKeyWithLabelExpression(entry: DictKeyWithLabel): Expression {
  return { language: DICT_KEY_WITH_LABEL, expression: JSON.stringify({ key: entry.key, label: entry.label }) };
}

/**
 * The entry a `dictKeyWithLabel` expression text names; `undefined` when it is not JSON with a string `key`
 * (a missing or non-string label reads as the key).
 */
export function parseDictKeyWithLabel(text: string): DictKeyWithLabel | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { key, label } = parsed as { key?: unknown; label?: unknown };
  if (typeof key !== 'string') return undefined;
  return { key, label: typeof label === 'string' ? label : key };
}
