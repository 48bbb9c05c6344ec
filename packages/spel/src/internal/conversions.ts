import { classType, listType, mapType, recordType, unknownType, withoutValue, type TypingResult } from '@scenaria/typing';

/**
 * The targets of `canBe`/`to`/`toOrNull` and their shorthands (reference §5). The conversions themselves are
 * typing's `convertValueTo`; a failure is a value there and becomes an exception only in `to(...)`.
 */
export const CONVERSION_TARGETS: readonly string[] = [
  'java.lang.Long', 'java.lang.Double', 'java.math.BigDecimal', 'java.lang.Boolean', 'java.lang.String', 'java.util.Map',
  'java.util.List', 'java.lang.Byte', 'java.lang.Short', 'java.lang.Integer', 'java.lang.Float', 'java.math.BigInteger',
  'java.time.ZoneOffset', 'java.time.ZoneId', 'java.util.Locale', 'java.nio.charset.Charset', 'java.util.Currency',
  'java.util.UUID', 'java.time.LocalTime', 'java.time.LocalDate', 'java.time.LocalDateTime',
];

/** Resolves `'Long'`, `'long'`, `'java.lang.Long'` to a conversion target class name. */
export function resolveConversionTarget(name: string): string | undefined {
  const lower = name.toLowerCase();
  return CONVERSION_TARGETS.find((target) => target.toLowerCase() === lower || target.slice(target.lastIndexOf('.') + 1).toLowerCase() === lower);
}

/** The static type of a successful conversion of `source` to `target` (reference §5 "Typing"). */
export function conversionResultType(source: TypingResult, target: string): TypingResult {
  const plain = withoutValue(source);
  if (target === 'java.util.List') {
    if (plain.kind === 'class' && (plain.className === 'java.util.List' || plain.className === '[Ljava.lang.Object;' || plain.className === 'java.util.Set')) {
      return listType(plain.params[0] ?? unknownType);
    }
    if (plain.kind === 'class' && plain.className === 'java.util.Map') {
      return listType(recordType({ key: plain.params[0] ?? unknownType, value: plain.params[1] ?? unknownType }));
    }
    if (plain.kind === 'record') return listType(recordType({ key: classType('java.lang.String'), value: plain.objType.params[1] ?? unknownType }));
    return listType(unknownType);
  }
  if (target === 'java.util.Map') {
    if (plain.kind === 'class' && plain.className === 'java.util.List') {
      const element = plain.params[0];
      if (element?.kind === 'record') {
        return mapType(withoutValue(element.fields.get('key') ?? unknownType), withoutValue(element.fields.get('value') ?? unknownType));
      }
    }
    if (plain.kind === 'class' && plain.className === 'java.util.Map') return plain;
    if (plain.kind === 'record') return plain;
    return mapType(unknownType, unknownType);
  }
  return classType(target);
}
