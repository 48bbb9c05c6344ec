import { describe, expect, test } from 'vitest';
import { Types } from '@scenaria/typing';
import { defaultDictionaries, findDictionaryEntries } from './dictionaries';
import { defaultModel } from './model';

describe('dictionaries', () => {
  const dictionary = {
    valueType: Types.String,
    entries: Array.from({ length: 15 }, (_, i) => ({ key: `k${i}`, label: `Label ${String(14 - i).padStart(2, '0')}` })),
  };

  test('label search ignores case, sorts by label and answers at most ten', () => {
    const found = findDictionaryEntries(dictionary, 'LABEL');
    expect(found).toHaveLength(10);
    expect(found[0]).toEqual({ key: 'k14', label: 'Label 00' });
    expect(findDictionaryEntries(dictionary, 'label 1').map((entry) => entry.label)).toEqual(['Label 10', 'Label 11', 'Label 12', 'Label 13', 'Label 14']);
    expect(findDictionaryEntries(dictionary, 'nothing')).toEqual([]);
  });

  test('the default model offers the currency dictionary of String values', () => {
    const model = defaultModel('streaming');
    expect(model.dictionaries).toEqual(defaultDictionaries());
    const currency = model.dictionaries!.currency!;
    expect(currency.valueType).toEqual(Types.String);
    expect(findDictionaryEntries(currency, 'euro')).toEqual([{ key: 'EUR', label: 'Euro' }]);
  });
});
