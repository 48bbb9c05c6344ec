import '@js-joda/timezone';
import { ChronoUnit, DateTimeFormatter, DayOfWeek, Duration, Instant, LocalDate, LocalDateTime, LocalTime, Month, OffsetDateTime, Period, ZonedDateTime, ZoneId, ZoneOffset } from '@js-joda/core';
import { JavaRuntimeError } from '../../runtime/errors';
import { chronoUnitName } from '../../runtime/json-codec';
import { toIntValue, toLongValue } from '../../runtime/numbers';
import { JavaClassNames } from '../../types/java-classes';
import { classType, Types, type TypingResult } from '../../types/typing-result';
import type { ClassDefinitionInput, MethodDefinition } from '../class-registry';
import { method, param, requireArg, staticField, staticMethod } from '../define';

const N = JavaClassNames;
const T = Types;
const Temporal = classType(N.Temporal);
const TemporalAccessor = classType(N.TemporalAccessor);
const TemporalAmount = classType(N.TemporalAmount);

/** How an argument is handed to js-joda: ints and longs as JS numbers, objects as they are. */
type ArgKind = 'int' | 'long' | 'obj';
/** How a js-joda result becomes a runtime value: Java ints stay numbers, longs become bigints. */
type ResultKind = 'int' | 'long' | 'obj';
type Param = readonly [name: string, type: TypingResult, kind: ArgKind];

const int = (name: string): Param => [name, T.Integer, 'int'];
const long = (name: string): Param => [name, T.Long, 'long'];
const obj = (name: string, type: TypingResult): Param => [name, type, 'obj'];

function toJoda(args: readonly unknown[], params: readonly Param[]): unknown[] {
  return params.map(([, , kind], i) => {
    const value = requireArg(args, i);
    if (kind === 'int') return toIntValue(value);
    if (kind === 'long') {
      const big = toLongValue(value);
      if (big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER)) throw new JavaRuntimeError('DateTimeException', `Value out of range: ${big}`);
      return Number(big);
    }
    return value;
  });
}

function fromJoda(value: unknown, kind: ResultKind): unknown {
  if (kind === 'long') return BigInt(Math.trunc(value as number));
  return value;
}

/** js-joda reports Java's exceptions as JS errors; they become the runtime's DateTimeException. */
function translateErrors<R>(run: () => R): R {
  try {
    return run();
  } catch (error) {
    if (error instanceof JavaRuntimeError) throw error;
    const name = error instanceof Error ? error.name : 'Error';
    const code = name === 'ArithmeticException' ? 'ArithmeticException' : 'DateTimeException';
    throw new JavaRuntimeError(code, error instanceof Error ? error.message : String(error));
  }
}

type JodaTarget = Record<string, (...args: unknown[]) => unknown>;

/** An instance method forwarding to the js-joda method `jsName` (Java getters map to js-joda's property-style names). */
function joda(name: string, params: readonly Param[], result: TypingResult, resultKind: ResultKind = 'obj', jsName: string = name): MethodDefinition {
  return method(
    name,
    params.map(([paramName, type]) => param(paramName, type)),
    result,
    (target: JodaTarget, args: readonly unknown[]) => translateErrors(() => fromJoda((target[jsName] as (...a: unknown[]) => unknown).apply(target, toJoda(args, params)), resultKind)),
  );
}

/** A static method forwarding to `klass[jsName]`. */
function jodaStatic(klass: object, name: string, params: readonly Param[], result: TypingResult, resultKind: ResultKind = 'obj', jsName: string = name): MethodDefinition {
  const target = klass as JodaTarget;
  return staticMethod(
    name,
    params.map(([paramName, type]) => param(paramName, type)),
    result,
    (args: readonly unknown[]) => translateErrors(() => fromJoda((target[jsName] as (...a: unknown[]) => unknown).apply(target, toJoda(args, params)), resultKind)),
  );
}

/** `plusDays(long)`, `minusDays(long)`... for the given unit names. */
function plusMinus(type: TypingResult, units: readonly string[]): MethodDefinition[] {
  return units.flatMap((unit) => [joda(`plus${unit}`, [long(unit.toLowerCase())], type), joda(`minus${unit}`, [long(unit.toLowerCase())], type)]);
}

/** Methods every java.time Temporal has: plus/minus by amount or unit, until, comparisons. */
function temporalMethods(type: TypingResult, comparable: TypingResult = type): MethodDefinition[] {
  return [
    joda('plus', [obj('amountToAdd', TemporalAmount)], type),
    joda('minus', [obj('amountToSubtract', TemporalAmount)], type),
    joda('plus', [long('amountToAdd'), obj('unit', T.ChronoUnit)], type),
    joda('minus', [long('amountToSubtract'), obj('unit', T.ChronoUnit)], type),
    joda('until', [obj('endExclusive', Temporal), obj('unit', T.ChronoUnit)], T.Long, 'long'),
    joda('isBefore', [obj('other', comparable)], T.Boolean),
    joda('isAfter', [obj('other', comparable)], T.Boolean),
    joda('compareTo', [obj('other', comparable)], T.Integer),
  ];
}

const dateGetters = [
  joda('getYear', [], T.Integer, 'int', 'year'),
  joda('getMonthValue', [], T.Integer, 'int', 'monthValue'),
  joda('getMonth', [], T.Month, 'obj', 'month'),
  joda('getDayOfMonth', [], T.Integer, 'int', 'dayOfMonth'),
  joda('getDayOfYear', [], T.Integer, 'int', 'dayOfYear'),
  joda('getDayOfWeek', [], T.DayOfWeek, 'obj', 'dayOfWeek'),
];

const timeGetters = [
  joda('getHour', [], T.Integer, 'int', 'hour'),
  joda('getMinute', [], T.Integer, 'int', 'minute'),
  joda('getSecond', [], T.Integer, 'int', 'second'),
  joda('getNano', [], T.Integer, 'int', 'nano'),
];

const dateUnits = ['Days', 'Weeks', 'Months', 'Years'];
const timeUnits = ['Hours', 'Minutes', 'Seconds', 'Nanos'];

function dateWithers(type: TypingResult): MethodDefinition[] {
  return [joda('withYear', [int('year')], type), joda('withMonth', [int('month')], type), joda('withDayOfMonth', [int('dayOfMonth')], type), joda('withDayOfYear', [int('dayOfYear')], type)];
}

function timeWithers(type: TypingResult): MethodDefinition[] {
  return [joda('withHour', [int('hour')], type), joda('withMinute', [int('minute')], type), joda('withSecond', [int('second')], type), joda('withNano', [int('nanoOfSecond')], type)];
}

/** `X.parse(text)` and `X.parse(text, formatter)`. */
function parseMethods(klass: object, type: TypingResult): MethodDefinition[] {
  return [jodaStatic(klass, 'parse', [obj('text', T.String)], type), jodaStatic(klass, 'parse', [obj('text', T.String), obj('formatter', T.DateTimeFormatter)], type)];
}

/** `x.format(formatter)` on the date/time classes. */
const formatMethod = joda('format', [obj('formatter', T.DateTimeFormatter)], T.String);

const localDateClass: ClassDefinitionInput = {
  name: N.LocalDate,
  methods: [
    ...dateGetters,
    joda('lengthOfMonth', [], T.Integer, 'int'),
    joda('lengthOfYear', [], T.Integer, 'int'),
    joda('isLeapYear', [], T.Boolean),
    ...plusMinus(T.LocalDate, dateUnits),
    ...dateWithers(T.LocalDate),
    ...temporalMethods(T.LocalDate),
    joda('isEqual', [obj('other', T.LocalDate)], T.Boolean),
    joda('atStartOfDay', [], T.LocalDateTime),
    joda('atTime', [obj('time', T.LocalTime)], T.LocalDateTime),
    joda('atTime', [int('hour'), int('minute')], T.LocalDateTime),
    joda('toEpochDay', [], T.Long, 'long'),
    joda('until', [obj('endDateExclusive', T.LocalDate)], T.Period),
    formatMethod,
  ],
  staticMethods: [
    jodaStatic(LocalDate, 'now', [], T.LocalDate),
    jodaStatic(LocalDate, 'of', [int('year'), int('month'), int('dayOfMonth')], T.LocalDate),
    jodaStatic(LocalDate, 'ofEpochDay', [long('epochDay')], T.LocalDate),
    jodaStatic(LocalDate, 'ofYearDay', [int('year'), int('dayOfYear')], T.LocalDate),
    ...parseMethods(LocalDate, T.LocalDate),
  ],
  staticFields: [staticField('MIN', T.LocalDate, LocalDate.MIN), staticField('MAX', T.LocalDate, LocalDate.MAX), staticField('EPOCH', T.LocalDate, LocalDate.ofEpochDay(0))],
};

const localTimeClass: ClassDefinitionInput = {
  name: N.LocalTime,
  methods: [
    ...timeGetters,
    ...plusMinus(T.LocalTime, timeUnits),
    ...timeWithers(T.LocalTime),
    ...temporalMethods(T.LocalTime),
    joda('toSecondOfDay', [], T.Integer, 'int'),
    joda('toNanoOfDay', [], T.Long, 'long'),
    joda('atDate', [obj('date', T.LocalDate)], T.LocalDateTime),
    joda('truncatedTo', [obj('unit', T.ChronoUnit)], T.LocalTime),
    formatMethod,
  ],
  staticMethods: [
    jodaStatic(LocalTime, 'now', [], T.LocalTime),
    jodaStatic(LocalTime, 'of', [int('hour'), int('minute')], T.LocalTime),
    jodaStatic(LocalTime, 'of', [int('hour'), int('minute'), int('second')], T.LocalTime),
    jodaStatic(LocalTime, 'of', [int('hour'), int('minute'), int('second'), int('nanoOfSecond')], T.LocalTime),
    jodaStatic(LocalTime, 'ofSecondOfDay', [long('secondOfDay')], T.LocalTime),
    ...parseMethods(LocalTime, T.LocalTime),
  ],
  staticFields: [staticField('MIN', T.LocalTime, LocalTime.MIN), staticField('MAX', T.LocalTime, LocalTime.MAX), staticField('NOON', T.LocalTime, LocalTime.NOON), staticField('MIDNIGHT', T.LocalTime, LocalTime.MIDNIGHT)],
};

const localDateTimeClass: ClassDefinitionInput = {
  name: N.LocalDateTime,
  methods: [
    ...dateGetters,
    ...timeGetters,
    ...plusMinus(T.LocalDateTime, [...dateUnits, ...timeUnits]),
    ...dateWithers(T.LocalDateTime),
    ...timeWithers(T.LocalDateTime),
    ...temporalMethods(T.LocalDateTime),
    joda('isEqual', [obj('other', T.LocalDateTime)], T.Boolean),
    joda('toLocalDate', [], T.LocalDate),
    joda('toLocalTime', [], T.LocalTime),
    joda('atZone', [obj('zone', T.ZoneId)], T.ZonedDateTime),
    joda('atOffset', [obj('offset', T.ZoneOffset)], T.OffsetDateTime),
    method('toInstant', [param('offset', T.ZoneOffset)], T.Instant, (target: LocalDateTime, args: readonly unknown[]) => translateErrors(() => target.toInstant(requireArg(args, 0) as ZoneOffset))),
    method('toEpochSecond', [param('offset', T.ZoneOffset)], T.Long, (target: LocalDateTime, args: readonly unknown[]) => translateErrors(() => BigInt(target.toEpochSecond(requireArg(args, 0) as ZoneOffset)))),
    joda('truncatedTo', [obj('unit', T.ChronoUnit)], T.LocalDateTime),
    formatMethod,
  ],
  staticMethods: [
    jodaStatic(LocalDateTime, 'now', [], T.LocalDateTime),
    jodaStatic(LocalDateTime, 'of', [int('year'), int('month'), int('dayOfMonth'), int('hour'), int('minute')], T.LocalDateTime),
    jodaStatic(LocalDateTime, 'of', [int('year'), int('month'), int('dayOfMonth'), int('hour'), int('minute'), int('second')], T.LocalDateTime),
    jodaStatic(LocalDateTime, 'of', [int('year'), int('month'), int('dayOfMonth'), int('hour'), int('minute'), int('second'), int('nanoOfSecond')], T.LocalDateTime),
    jodaStatic(LocalDateTime, 'of', [obj('date', T.LocalDate), obj('time', T.LocalTime)], T.LocalDateTime),
    jodaStatic(LocalDateTime, 'ofInstant', [obj('instant', T.Instant), obj('zone', T.ZoneId)], T.LocalDateTime),
    ...parseMethods(LocalDateTime, T.LocalDateTime),
  ],
  staticFields: [staticField('MIN', T.LocalDateTime, LocalDateTime.MIN), staticField('MAX', T.LocalDateTime, LocalDateTime.MAX)],
};

const instantClass: ClassDefinitionInput = {
  name: N.Instant,
  methods: [
    joda('toEpochMilli', [], T.Long, 'long'),
    joda('getEpochSecond', [], T.Long, 'long', 'epochSecond'),
    joda('getNano', [], T.Integer, 'int', 'nano'),
    ...plusMinus(T.Instant, ['Millis', 'Seconds', 'Nanos']),
    ...temporalMethods(T.Instant),
    joda('atZone', [obj('zone', T.ZoneId)], T.ZonedDateTime),
    joda('atOffset', [obj('offset', T.ZoneOffset)], T.OffsetDateTime),
    joda('truncatedTo', [obj('unit', T.ChronoUnit)], T.Instant),
  ],
  staticMethods: [
    jodaStatic(Instant, 'now', [], T.Instant),
    jodaStatic(Instant, 'ofEpochMilli', [long('epochMilli')], T.Instant),
    jodaStatic(Instant, 'ofEpochSecond', [long('epochSecond')], T.Instant),
    jodaStatic(Instant, 'ofEpochSecond', [long('epochSecond'), long('nanoAdjustment')], T.Instant),
    jodaStatic(Instant, 'parse', [obj('text', T.String)], T.Instant),
  ],
  staticFields: [staticField('EPOCH', T.Instant, Instant.EPOCH), staticField('MIN', T.Instant, Instant.MIN), staticField('MAX', T.Instant, Instant.MAX)],
};

function zonedLikeMethods(type: TypingResult): MethodDefinition[] {
  return [
    ...dateGetters,
    ...timeGetters,
    ...plusMinus(type, [...dateUnits, ...timeUnits]),
    ...dateWithers(type),
    ...timeWithers(type),
    ...temporalMethods(type),
    joda('isEqual', [obj('other', type)], T.Boolean),
    joda('getOffset', [], T.ZoneOffset, 'obj', 'offset'),
    joda('toLocalDate', [], T.LocalDate),
    joda('toLocalTime', [], T.LocalTime),
    joda('toLocalDateTime', [], T.LocalDateTime),
    joda('toInstant', [], T.Instant),
    joda('toEpochSecond', [], T.Long, 'long'),
    joda('truncatedTo', [obj('unit', T.ChronoUnit)], type),
    formatMethod,
  ];
}

const zonedDateTimeClass: ClassDefinitionInput = {
  name: N.ZonedDateTime,
  methods: [
    ...zonedLikeMethods(T.ZonedDateTime),
    joda('getZone', [], T.ZoneId, 'obj', 'zone'),
    joda('toOffsetDateTime', [], T.OffsetDateTime),
    joda('withZoneSameInstant', [obj('zone', T.ZoneId)], T.ZonedDateTime),
    joda('withZoneSameLocal', [obj('zone', T.ZoneId)], T.ZonedDateTime),
  ],
  staticMethods: [
    jodaStatic(ZonedDateTime, 'now', [obj('zone', T.ZoneId)], T.ZonedDateTime),
    jodaStatic(ZonedDateTime, 'of', [obj('localDateTime', T.LocalDateTime), obj('zone', T.ZoneId)], T.ZonedDateTime),
    jodaStatic(ZonedDateTime, 'of', [obj('date', T.LocalDate), obj('time', T.LocalTime), obj('zone', T.ZoneId)], T.ZonedDateTime),
    jodaStatic(ZonedDateTime, 'ofInstant', [obj('instant', T.Instant), obj('zone', T.ZoneId)], T.ZonedDateTime),
    ...parseMethods(ZonedDateTime, T.ZonedDateTime),
  ],
};

const offsetDateTimeClass: ClassDefinitionInput = {
  name: N.OffsetDateTime,
  methods: [
    ...zonedLikeMethods(T.OffsetDateTime),
    joda('toZonedDateTime', [], T.ZonedDateTime),
    joda('atZoneSameInstant', [obj('zone', T.ZoneId)], T.ZonedDateTime),
    joda('withOffsetSameInstant', [obj('offset', T.ZoneOffset)], T.OffsetDateTime),
  ],
  staticMethods: [
    jodaStatic(OffsetDateTime, 'now', [obj('zone', T.ZoneId)], T.OffsetDateTime),
    jodaStatic(OffsetDateTime, 'of', [obj('dateTime', T.LocalDateTime), obj('offset', T.ZoneOffset)], T.OffsetDateTime),
    jodaStatic(OffsetDateTime, 'ofInstant', [obj('instant', T.Instant), obj('zone', T.ZoneId)], T.OffsetDateTime),
    ...parseMethods(OffsetDateTime, T.OffsetDateTime),
  ],
};

const durationClass: ClassDefinitionInput = {
  name: N.Duration,
  methods: [
    joda('toDays', [], T.Long, 'long'),
    joda('toHours', [], T.Long, 'long'),
    joda('toMinutes', [], T.Long, 'long'),
    joda('getSeconds', [], T.Long, 'long', 'seconds'),
    joda('toSeconds', [], T.Long, 'long', 'seconds'),
    joda('toMillis', [], T.Long, 'long'),
    joda('toNanos', [], T.Long, 'long'),
    joda('getNano', [], T.Integer, 'int', 'nano'),
    joda('isNegative', [], T.Boolean),
    joda('isZero', [], T.Boolean),
    joda('negated', [], T.Duration),
    joda('abs', [], T.Duration),
    joda('plus', [obj('duration', T.Duration)], T.Duration),
    joda('minus', [obj('duration', T.Duration)], T.Duration),
    joda('multipliedBy', [long('multiplicand')], T.Duration),
    joda('dividedBy', [long('divisor')], T.Duration),
    ...plusMinus(T.Duration, ['Days', 'Hours', 'Minutes', 'Seconds', 'Millis', 'Nanos']),
    joda('compareTo', [obj('other', T.Duration)], T.Integer),
  ],
  staticMethods: [
    jodaStatic(Duration, 'ofDays', [long('days')], T.Duration),
    jodaStatic(Duration, 'ofHours', [long('hours')], T.Duration),
    jodaStatic(Duration, 'ofMinutes', [long('minutes')], T.Duration),
    jodaStatic(Duration, 'ofSeconds', [long('seconds')], T.Duration),
    jodaStatic(Duration, 'ofMillis', [long('millis')], T.Duration),
    jodaStatic(Duration, 'ofNanos', [long('nanos')], T.Duration),
    jodaStatic(Duration, 'of', [long('amount'), obj('unit', T.ChronoUnit)], T.Duration),
    jodaStatic(Duration, 'between', [obj('startInclusive', Temporal), obj('endExclusive', Temporal)], T.Duration),
    jodaStatic(Duration, 'parse', [obj('text', T.String)], T.Duration),
  ],
  staticFields: [staticField('ZERO', T.Duration, Duration.ZERO)],
};

const periodClass: ClassDefinitionInput = {
  name: N.Period,
  methods: [
    joda('getYears', [], T.Integer, 'int', 'years'),
    joda('getMonths', [], T.Integer, 'int', 'months'),
    joda('getDays', [], T.Integer, 'int', 'days'),
    joda('toTotalMonths', [], T.Long, 'long'),
    joda('isNegative', [], T.Boolean),
    joda('isZero', [], T.Boolean),
    joda('negated', [], T.Period),
    joda('normalized', [], T.Period),
    joda('plus', [obj('amountToAdd', TemporalAmount)], T.Period),
    joda('minus', [obj('amountToSubtract', TemporalAmount)], T.Period),
    joda('multipliedBy', [int('scalar')], T.Period),
    ...plusMinus(T.Period, ['Days', 'Months', 'Years']),
  ],
  staticMethods: [
    jodaStatic(Period, 'of', [int('years'), int('months'), int('days')], T.Period),
    jodaStatic(Period, 'ofDays', [int('days')], T.Period),
    jodaStatic(Period, 'ofWeeks', [int('weeks')], T.Period),
    jodaStatic(Period, 'ofMonths', [int('months')], T.Period),
    jodaStatic(Period, 'ofYears', [int('years')], T.Period),
    jodaStatic(Period, 'between', [obj('startDateInclusive', T.LocalDate), obj('endDateExclusive', T.LocalDate)], T.Period),
    jodaStatic(Period, 'parse', [obj('text', T.String)], T.Period),
  ],
  staticFields: [staticField('ZERO', T.Period, Period.ZERO)],
};

/** Methods of Java enums (`name()`, `ordinal()`, `compareTo`). */
function enumMethods(type: TypingResult): MethodDefinition[] {
  return [joda('name', [], T.String), joda('ordinal', [], T.Integer, 'int'), joda('compareTo', [obj('other', type)], T.Integer)];
}

const dayOfWeekClass: ClassDefinitionInput = {
  name: N.DayOfWeek,
  methods: [...enumMethods(T.DayOfWeek), joda('getValue', [], T.Integer, 'int', 'value'), joda('plus', [long('days')], T.DayOfWeek), joda('minus', [long('days')], T.DayOfWeek)],
  staticMethods: [jodaStatic(DayOfWeek, 'of', [int('dayOfWeek')], T.DayOfWeek), jodaStatic(DayOfWeek, 'valueOf', [obj('name', T.String)], T.DayOfWeek)],
  staticFields: DayOfWeek.values().map((day) => staticField(day.name(), T.DayOfWeek, day)),
};

const monthClass: ClassDefinitionInput = {
  name: N.Month,
  methods: [
    ...enumMethods(T.Month),
    joda('getValue', [], T.Integer, 'int', 'value'),
    joda('plus', [long('months')], T.Month),
    joda('minus', [long('months')], T.Month),
    joda('length', [obj('leapYear', T.Boolean)], T.Integer, 'int'),
    joda('maxLength', [], T.Integer, 'int'),
    joda('minLength', [], T.Integer, 'int'),
  ],
  staticMethods: [jodaStatic(Month, 'of', [int('month')], T.Month), jodaStatic(Month, 'valueOf', [obj('name', T.String)], T.Month)],
  staticFields: Month.values().map((month) => staticField(month.name(), T.Month, month)),
};

const CHRONO_UNIT_NAMES = ['NANOS', 'MICROS', 'MILLIS', 'SECONDS', 'MINUTES', 'HOURS', 'HALF_DAYS', 'DAYS', 'WEEKS', 'MONTHS', 'YEARS', 'DECADES', 'CENTURIES', 'MILLENNIA', 'ERAS', 'FOREVER'] as const;

const chronoUnitClass: ClassDefinitionInput = {
  name: N.ChronoUnit,
  methods: [
    method('name', [], T.String, (unit: ChronoUnit) => chronoUnitName(unit) ?? unit.toString()),
    method('ordinal', [], T.Integer, (unit: ChronoUnit) => CHRONO_UNIT_NAMES.indexOf((chronoUnitName(unit) ?? '') as (typeof CHRONO_UNIT_NAMES)[number])),
    joda('between', [obj('temporal1Inclusive', Temporal), obj('temporal2Exclusive', Temporal)], T.Long, 'long'),
    joda('getDuration', [], T.Duration, 'obj', 'duration'),
    joda('isDateBased', [], T.Boolean),
    joda('isTimeBased', [], T.Boolean),
  ],
  staticFields: CHRONO_UNIT_NAMES.map((name) => staticField(name, T.ChronoUnit, (ChronoUnit as unknown as Record<string, ChronoUnit>)[name])),
};

const zoneIdClass: ClassDefinitionInput = {
  name: N.ZoneId,
  methods: [method('getId', [], T.String, (zone: ZoneId) => zone.toString()), joda('normalized', [], T.ZoneId)],
  staticMethods: [jodaStatic(ZoneId, 'of', [obj('zoneId', T.String)], T.ZoneId), jodaStatic(ZoneId, 'systemDefault', [], T.ZoneId)],
};

const zoneOffsetClass: ClassDefinitionInput = {
  name: N.ZoneOffset,
  methods: [joda('getTotalSeconds', [], T.Integer, 'int', 'totalSeconds'), joda('compareTo', [obj('other', T.ZoneOffset)], T.Integer)],
  staticMethods: [
    jodaStatic(ZoneOffset, 'of', [obj('offsetId', T.String)], T.ZoneOffset),
    jodaStatic(ZoneOffset, 'ofHours', [int('hours')], T.ZoneOffset),
    jodaStatic(ZoneOffset, 'ofHoursMinutes', [int('hours'), int('minutes')], T.ZoneOffset),
    jodaStatic(ZoneOffset, 'ofTotalSeconds', [int('totalSeconds')], T.ZoneOffset),
  ],
  staticFields: [staticField('UTC', T.ZoneOffset, ZoneOffset.UTC), staticField('MIN', T.ZoneOffset, ZoneOffset.MIN), staticField('MAX', T.ZoneOffset, ZoneOffset.MAX)],
};

const ISO_FORMATTERS = ['ISO_LOCAL_DATE', 'ISO_LOCAL_TIME', 'ISO_LOCAL_DATE_TIME', 'ISO_INSTANT', 'ISO_OFFSET_DATE_TIME', 'ISO_ZONED_DATE_TIME', 'ISO_DATE', 'ISO_TIME', 'ISO_DATE_TIME', 'BASIC_ISO_DATE'] as const;

/** Longest formatter pattern: `format` output grows with it. */
const MAX_FORMATTER_PATTERN_LENGTH = 1000;

/**
 * `java.time.format.DateTimeFormatter` through js-joda: numeric patterns and the ISO formatters. Text
 * fields that need locale data (`MMM`, `EEEE`) are not available and fail as DateTimeException.
 */
const dateTimeFormatterClass: ClassDefinitionInput = {
  name: N.DateTimeFormatter,
  methods: [joda('format', [obj('temporal', TemporalAccessor)], T.String)],
  staticMethods: [
    // `format` writes about as much text as the pattern holds, once per call and without a cost of its own,
    // so the pattern's length is what bounds it.
    staticMethod('ofPattern', [param('pattern', T.String)], T.DateTimeFormatter, (args: readonly unknown[]) => {
      const pattern = requireArg(args, 0);
      if (typeof pattern === 'string' && pattern.length > MAX_FORMATTER_PATTERN_LENGTH) throw new JavaRuntimeError('IllegalArgumentException', `Formatter pattern longer than ${MAX_FORMATTER_PATTERN_LENGTH} characters`);
      return translateErrors(() => DateTimeFormatter.ofPattern(pattern as string));
    }),
  ],
  staticFields: ISO_FORMATTERS.map((name) => staticField(name, T.DateTimeFormatter, DateTimeFormatter[name])),
};

/** java.time classes, backed by js-joda (zone rules from @js-joda/timezone). */
export const timeClasses: readonly ClassDefinitionInput[] = [
  { name: N.TemporalAccessor },
  { name: N.Temporal },
  dateTimeFormatterClass,
  { name: N.TemporalAmount },
  { name: N.Enum },
  localDateClass,
  localTimeClass,
  localDateTimeClass,
  instantClass,
  zonedDateTimeClass,
  offsetDateTimeClass,
  durationClass,
  periodClass,
  dayOfWeekClass,
  monthClass,
  chronoUnitClass,
  zoneIdClass,
  zoneOffsetClass,
];
