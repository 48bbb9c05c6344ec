import '@js-joda/timezone';
import { LocalDate, LocalDateTime, LocalTime, ZoneId, ZoneOffset } from '@js-joda/core';
import { JavaClassNames } from '../types/java-classes';
import { JavaCharset, JavaCurrency, JavaLocale, JavaUuid } from './values';

const N = JavaClassNames;

function attempt<T>(parse: () => T): T | undefined {
  try {
    return parse();
  } catch {
    return undefined;
  }
}

/**
 * Parsers for the classes a String may be converted to implicitly (a String literal accepted where e.g. a
 * LocalDate is expected, and `'x'.to('LocalDate')`). Each returns undefined when the text does not parse.
 */
const STRING_PARSERS: Readonly<Record<string, (text: string) => unknown>> = {
  [N.LocalDate]: (text) => attempt(() => LocalDate.parse(text)),
  [N.LocalTime]: (text) => attempt(() => LocalTime.parse(text)),
  [N.LocalDateTime]: (text) => attempt(() => LocalDateTime.parse(text)),
  [N.ZoneId]: (text) => attempt(() => ZoneId.of(text)),
  [N.ZoneOffset]: (text) => attempt(() => ZoneOffset.of(text)),
  [N.UUID]: (text) => JavaUuid.parse(text),
  [N.Locale]: (text) => JavaLocale.parse(text),
  [N.Charset]: (text) => JavaCharset.parse(text),
  [N.Currency]: (text) => JavaCurrency.parse(text),
};

/** True when a String can be converted to the class at all (whether a given text parses is separate). */
export function isStringConvertibleClass(className: string): boolean {
  return Object.hasOwn(STRING_PARSERS, className);
}

/** Converts text to the class, or undefined when the class is not a String conversion target or it fails. */
export function convertStringTo(className: string, text: string): unknown {
  const parser = Object.hasOwn(STRING_PARSERS, className) ? STRING_PARSERS[className] : undefined;
  return parser?.(text);
}
