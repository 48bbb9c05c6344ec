import { Types } from '@scenaria/typing';
import type { SingleTypingResult } from '@scenaria/typing';

/** One entry of a dictionary: the key an expression stores and the label a user picks. */
export interface DictionaryEntry {
  readonly key: string;
  readonly label: string;
}

/**
 * A dictionary a model offers to parameters with a `DictParameterEditor` and to fragment inputs: its values'
 * type and its entries (Nussknacker's embedded dictionaries).
 */
export interface DictionaryDefinition {
  readonly valueType: SingleTypingResult;
  readonly entries: readonly DictionaryEntry[];
}

// Nussknacker's embedded dictionary query answers at most this many entries per label search.
const MAX_ENTRIES = 10;

/**
 * Entries whose label contains the text, ignoring case, sorted by label, at most ten (Nussknacker's
 * embedded dictionary query).
 */
export function findDictionaryEntries(dictionary: DictionaryDefinition, labelText: string): DictionaryEntry[] {
  const wanted = labelText.toLowerCase();
  return dictionary.entries
    .filter((entry) => entry.label.toLowerCase().includes(wanted))
    .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
    .slice(0, MAX_ENTRIES);
}

const currencies: [string, string][] = [
  ['AUD', 'Australian dollar'],
  ['CAD', 'Canadian dollar'],
  ['CHF', 'Swiss franc'],
  ['CNY', 'Chinese yuan'],
  ['CZK', 'Czech koruna'],
  ['DKK', 'Danish krone'],
  ['EUR', 'Euro'],
  ['GBP', 'Pound sterling'],
  ['HUF', 'Hungarian forint'],
  ['JPY', 'Japanese yen'],
  ['NOK', 'Norwegian krone'],
  ['PLN', 'Polish złoty'],
  ['SEK', 'Swedish krona'],
  ['USD', 'United States dollar'],
];

/** Dictionaries of the default model: ISO 4217 currency codes labelled with their names. */
export function defaultDictionaries(): Readonly<Record<string, DictionaryDefinition>> {
  return {
    currency: { valueType: Types.String, entries: currencies.map(([key, label]) => ({ key, label })) },
  };
}
