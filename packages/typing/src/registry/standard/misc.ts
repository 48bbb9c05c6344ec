import { javaCompare } from '../../runtime/compare';
import { JavaRuntimeError } from '../../runtime/errors';
import { JavaCharset, JavaCurrency, JavaLocale, JavaUuid } from '../../runtime/values';
import { JavaClassNames } from '../../types/java-classes';
import { Types } from '../../types/typing-result';
import type { ClassDefinitionInput } from '../class-registry';
import { method, param, requireArg, staticField, staticMethod, stringArg } from '../define';

const N = JavaClassNames;
const T = Types;

function parsed<V>(value: V | undefined, what: string, text: string): V {
  if (value === undefined) throw new JavaRuntimeError('IllegalArgumentException', `Invalid ${what}: ${text}`);
  return value;
}

/** A random version-4 UUID from the platform's crypto (present in browsers and Node alike). */
function randomUuid(): JavaUuid {
  const cryptoApi = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (!cryptoApi?.randomUUID) throw new JavaRuntimeError('UnsupportedOperationException', 'No secure random source available');
  return JavaUuid.parse(cryptoApi.randomUUID()) as JavaUuid;
}

const uuidClass: ClassDefinitionInput = {
  name: N.UUID,
  methods: [
    method('version', [], T.Integer, (uuid: JavaUuid) => parseInt(uuid.value.charAt(14), 16)),
    method('compareTo', [param('val', T.UUID)], T.Integer, (uuid: JavaUuid, args: readonly unknown[]) => javaCompare(uuid, requireArg(args, 0))),
  ],
  staticMethods: [
    staticMethod('randomUUID', [], T.UUID, () => randomUuid()),
    staticMethod('fromString', [param('name', T.String)], T.UUID, (args: readonly unknown[]) => parsed(JavaUuid.parse(stringArg(args, 0)), 'UUID string', stringArg(args, 0))),
  ],
};

const localeClass: ClassDefinitionInput = {
  name: N.Locale,
  methods: [
    method('getLanguage', [], T.String, (locale: JavaLocale) => locale.language),
    method('getCountry', [], T.String, (locale: JavaLocale) => locale.country),
    method('getVariant', [], T.String, (locale: JavaLocale) => locale.variant),
    method('toLanguageTag', [], T.String, (locale: JavaLocale) => locale.toLanguageTag()),
  ],
  staticMethods: [
    staticMethod('forLanguageTag', [param('languageTag', T.String)], T.Locale, (args: readonly unknown[]) => JavaLocale.parse(stringArg(args, 0)) ?? new JavaLocale('')),
    staticMethod('of', [param('language', T.String)], T.Locale, (args: readonly unknown[]) => new JavaLocale(stringArg(args, 0))),
    staticMethod('of', [param('language', T.String), param('country', T.String)], T.Locale, (args: readonly unknown[]) => new JavaLocale(stringArg(args, 0), stringArg(args, 1))),
  ],
  staticFields: [
    staticField('ENGLISH', T.Locale, new JavaLocale('en')),
    staticField('US', T.Locale, new JavaLocale('en', 'US')),
    staticField('UK', T.Locale, new JavaLocale('en', 'GB')),
    staticField('GERMANY', T.Locale, new JavaLocale('de', 'DE')),
    staticField('FRANCE', T.Locale, new JavaLocale('fr', 'FR')),
    staticField('ROOT', T.Locale, new JavaLocale('')),
  ],
  constructors: [
    method('Locale', [param('language', T.String)], T.Locale, (_: unknown, args: readonly unknown[]) => new JavaLocale(stringArg(args, 0))),
    method('Locale', [param('language', T.String), param('country', T.String)], T.Locale, (_: unknown, args: readonly unknown[]) => new JavaLocale(stringArg(args, 0), stringArg(args, 1))),
  ],
};

const currencyClass: ClassDefinitionInput = {
  name: N.Currency,
  methods: [
    method('getCurrencyCode', [], T.String, (currency: JavaCurrency) => currency.currencyCode),
    method('getDefaultFractionDigits', [], T.Integer, (currency: JavaCurrency) => currency.defaultFractionDigits()),
  ],
  staticMethods: [staticMethod('getInstance', [param('currencyCode', T.String)], T.Currency, (args: readonly unknown[]) => parsed(JavaCurrency.parse(stringArg(args, 0)), 'currency code', stringArg(args, 0)))],
};

const charsetClass: ClassDefinitionInput = {
  name: N.Charset,
  methods: [
    method('name', [], T.String, (charset: JavaCharset) => charset.charsetName),
    method('displayName', [], T.String, (charset: JavaCharset) => charset.charsetName),
    method('compareTo', [param('that', T.Charset)], T.Integer, (charset: JavaCharset, args: readonly unknown[]) => javaCompare(charset, requireArg(args, 0))),
  ],
  staticMethods: [
    staticMethod('forName', [param('charsetName', T.String)], T.Charset, (args: readonly unknown[]) => parsed(JavaCharset.parse(stringArg(args, 0)), 'charset', stringArg(args, 0))),
    staticMethod('defaultCharset', [], T.Charset, () => JavaCharset.parse('UTF-8')),
  ],
};

/** UUID, Locale, Currency and Charset. */
export const miscClasses: readonly ClassDefinitionInput[] = [uuidClass, localeClass, currencyClass, charsetClass];
