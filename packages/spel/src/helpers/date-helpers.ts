import {
  DateTimeFormatter, DayOfWeek, Duration, Instant, LocalDate, LocalDateTime, LocalTime, Month, OffsetDateTime, Period, ResolverStyle,
  ZoneId, ZoneOffset, ZonedDateTime, type Temporal,
} from '@js-joda/core';
import '@js-joda/timezone';
import type { MethodDefinition } from '@scenaria/typing';
import { toBigIntegerValue } from '@scenaria/typing/runtime';
import type { ClassSpec } from '../internal/method-dsl';
import { T, method } from '../internal/method-dsl';

const PACKAGE = 'pl.touk.nussknacker.engine.util.functions';

/** Where `#DATE` reads the time: injected so tests and replays are deterministic. */
export interface DateHelperOptions {
  /** Milliseconds since the epoch (default `Date.now`). */
  clock: () => number;
  /** The zone called "default" (default `UTC`; a server may pass its own). */
  defaultZone: string;
}

function isBetweenWrapped(value: number, from: number, to: number): boolean {
  return from <= to ? from <= value && value <= to : value >= from || value <= to;
}

function compareTemporal(a: unknown, b: unknown): number {
  return (a as { compareTo(other: unknown): number }).compareTo(b);
}

/** `#DATE` (reference §4). */
export function dateHelper(options: DateHelperOptions): ClassSpec {
  const now = () => Instant.ofEpochMilli(options.clock());
  const defaultZone = () => ZoneId.of(options.defaultZone);
  const constants: MethodDefinition[] = [];
  const staticFields: Record<string, { type: typeof T.DayOfWeek; value: unknown }> = {};
  for (const day of DayOfWeek.values()) staticFields[day.name()] = { type: T.DayOfWeek, value: day };
  for (const month of Month.values()) staticFields[month.name()] = { type: T.Month, value: month };
  // Helpers are instances, so their constants are no-arg methods readable as properties (`#DATE.MONDAY`).
  for (const [name, field] of Object.entries(staticFields)) constants.push(method(name, [], field.type, () => field.value, `The constant ${name}`));
  return {
    name: `${PACKAGE}.date`,
    simpleName: 'date',
    superTypes: ['java.lang.Object'],
    description: 'Current time and date arithmetic (java.time)',
    staticMethods: [],
    methods: [
      method('now', [], T.Instant, () => now(), 'The current instant'),
      method('nowTimestamp', [], T.Long, () => BigInt(options.clock()), 'The current time in epoch milliseconds (older scenarios use it)'),
      method('nowAtZone', [['zoneId', T.ZoneId]], T.ZonedDateTime, (_t, [zone]) => ZonedDateTime.ofInstant(now(), zone as ZoneId), 'The current date-time in the zone'),
      method('nowAtOffset', [['offset', T.ZoneOffset]], T.OffsetDateTime, (_t, [offset]) => OffsetDateTime.ofInstant(now(), offset as ZoneOffset), 'The current date-time at the offset'),
      method('nowAtDefaultTimeZone', [], T.ZonedDateTime, () => ZonedDateTime.ofInstant(now(), defaultZone()), 'The current date-time in the default zone'),
      method('zone', [['zoneId', T.String]], T.ZoneId, (_t, [id]) => ZoneId.of(String(id)), 'The zone of an id such as Europe/Warsaw'),
      method('zoneOffset', [['offsetId', T.String]], T.ZoneOffset, (_t, [id]) => ZoneOffset.of(String(id)), 'The offset of an id such as +01:00'),
      method('zuluTimeZone', [], T.ZoneId, () => ZoneId.of('Z'), 'The Zulu (UTC) zone'),
      method('UTCOffset', [], T.ZoneOffset, () => ZoneOffset.UTC, 'The UTC offset'),
      method('defaultTimeZone', [], T.ZoneId, () => defaultZone(), 'The default zone'),
      method('toEpochMilli', [['dateTime', T.ZonedDateTime]], T.Long, (_t, [value]) => BigInt((value as ZonedDateTime).toInstant().toEpochMilli()), 'Epoch milliseconds of a zoned date-time'),
      method('toEpochMilli', [['dateTime', T.OffsetDateTime]], T.Long, (_t, [value]) => BigInt((value as OffsetDateTime).toInstant().toEpochMilli()), 'Epoch milliseconds of an offset date-time'),
      method('toEpochMilli', [['dateTime', T.LocalDateTime], ['zoneId', T.ZoneId]], T.Long, (_t, [value, zone]) => BigInt((value as LocalDateTime).atZone(zone as ZoneId).toInstant().toEpochMilli()), 'Epoch milliseconds of a local date-time in a zone'),
      method('toInstant', [['epochMillis', T.Long]], T.Instant, (_t, [millis]) => Instant.ofEpochMilli(Number(toBigIntegerValue(millis))), 'The instant of epoch milliseconds'),
      method('toInstantAtDefaultTimeZone', [['dateTime', T.LocalDateTime]], T.Instant, (_t, [value]) => (value as LocalDateTime).atZone(defaultZone()).toInstant(), 'The instant of a local date-time in the default zone'),
      method('localDateTime', [['date', T.LocalDate], ['time', T.LocalTime]], T.LocalDateTime, (_t, [date, time]) => LocalDateTime.of(date as LocalDate, time as LocalTime), 'Combines a date and a time'),
      method('periodBetween', [['startInclusive', T.LocalDate], ['endExclusive', T.LocalDate]], T.Period, (_t, [a, b]) => Period.between(a as LocalDate, b as LocalDate), 'The period between two dates'),
      method('durationBetween', [['startInclusive', T.Temporal], ['endExclusive', T.Temporal]], T.Duration, (_t, [a, b]) => Duration.between(a as Temporal, b as Temporal), 'The duration between two temporals'),
      method('isBetween', [['value', T.LocalTime], ['fromInclusive', T.LocalTime], ['toInclusive', T.LocalTime]], T.Boolean, (_t, [v, a, b]) => {
        const seconds = (x: unknown) => (x as LocalTime).toSecondOfDay();
        return isBetweenWrapped(seconds(v), seconds(a), seconds(b));
      }, 'Whether a time is in the range (wraps past midnight)'),
      method('isBetween', [['value', T.DayOfWeek], ['fromInclusive', T.DayOfWeek], ['toInclusive', T.DayOfWeek]], T.Boolean, (_t, [v, a, b]) => isBetweenWrapped((v as DayOfWeek).value(), (a as DayOfWeek).value(), (b as DayOfWeek).value()), 'Whether a day is in the range (wraps past Sunday)'),
      method('isBetween', [['value', T.Month], ['fromInclusive', T.Month], ['toInclusive', T.Month]], T.Boolean, (_t, [v, a, b]) => isBetweenWrapped((v as Month).value(), (a as Month).value(), (b as Month).value()), 'Whether a month is in the range (wraps past December)'),
      method('isBetween', [['value', T.LocalDate], ['fromInclusive', T.LocalDate], ['toInclusive', T.LocalDate]], T.Boolean, (_t, [v, a, b]) => compareTemporal(a, v) <= 0 && compareTemporal(v, b) <= 0, 'Whether a date is in the range'),
      method('isBetween', [['value', T.LocalDateTime], ['fromInclusive', T.LocalDateTime], ['toInclusive', T.LocalDateTime]], T.Boolean, (_t, [v, a, b]) => compareTemporal(a, v) <= 0 && compareTemporal(v, b) <= 0, 'Whether a date-time is in the range'),
      ...constants,
    ],
  };
}

/** Longest formatter pattern: formatting writes about as much text as the pattern holds, at no cost of its own. */
const MAX_FORMATTER_PATTERN_LENGTH = 1000;

function formatterOf(patternOrFormatter: unknown, lenient = false): DateTimeFormatter {
  if (patternOrFormatter instanceof DateTimeFormatter) return patternOrFormatter;
  const pattern = String(patternOrFormatter);
  if (pattern.length > MAX_FORMATTER_PATTERN_LENGTH) throw new TypeError(`Formatter pattern longer than ${MAX_FORMATTER_PATTERN_LENGTH} characters`);
  const formatter = DateTimeFormatter.ofPattern(pattern);
  return lenient ? formatter.withResolverStyle(ResolverStyle.LENIENT) : formatter;
}

function parser<R>(name: string, type: typeof T.LocalDate, parseIso: (text: string) => R, parseWith: (text: string, formatter: DateTimeFormatter) => R): MethodDefinition[] {
  return [
    method(name, [['text', T.String]], type, (_t, [text]) => parseIso(String(text)), `Parses ISO text`),
    method(name, [['text', T.String], ['pattern', T.String]], type, (_t, [text, pattern]) => parseWith(String(text), formatterOf(pattern)), 'Parses text with a pattern such as yyyy-MM-dd'),
    method(name, [['text', T.String], ['formatter', T.Formatter]], type, (_t, [text, formatter]) => parseWith(String(text), formatterOf(formatter)), 'Parses text with a formatter'),
  ];
}

/** `#DATE_FORMAT` (reference §4). */
export function dateFormatHelper(): ClassSpec {
  const isoFormat = (value: unknown) => String(value);
  return {
    name: `${PACKAGE}.dateFormat`,
    simpleName: 'dateFormat',
    superTypes: ['java.lang.Object'],
    description: 'Parsing and formatting of java.time values',
    staticMethods: [],
    methods: [
      ...parser('parseLocalTime', T.LocalTime, (text) => LocalTime.parse(text), (text, f) => LocalTime.parse(text, f)),
      ...parser('parseLocalDate', T.LocalDate, (text) => LocalDate.parse(text), (text, f) => LocalDate.parse(text, f)),
      ...parser('parseLocalDateTime', T.LocalDateTime, (text) => LocalDateTime.parse(text), (text, f) => LocalDateTime.parse(text, f)),
      ...parser('parseInstant', T.Instant, (text) => Instant.parse(text), (text, f) => ZonedDateTime.parse(text, f).toInstant()),
      ...parser('parseOffsetDateTime', T.OffsetDateTime, (text) => OffsetDateTime.parse(text), (text, f) => OffsetDateTime.parse(text, f)),
      ...parser('parseZonedDateTime', T.ZonedDateTime, (text) => ZonedDateTime.parse(text), (text, f) => ZonedDateTime.parse(text, f)),
      method('format', [['temporal', T.Temporal]], T.String, (_t, [value]) => isoFormat(value), 'ISO text of a date/time value'),
      method('format', [['temporal', T.Temporal], ['pattern', T.String]], T.String, (_t, [value, pattern]) => formatterOf(pattern).format(value as Temporal), 'Formats with a pattern'),
      method('formatter', [['pattern', T.String]], T.Formatter, (_t, [pattern]) => formatterOf(pattern), 'A strict formatter of a pattern'),
      method('formatter', [['pattern', T.String], ['locale', T.Locale]], T.Formatter, (_t, [pattern]) => formatterOf(pattern), 'A strict formatter of a pattern (locale-independent patterns only)'),
      method('lenientFormatter', [['pattern', T.String]], T.Formatter, (_t, [pattern]) => formatterOf(pattern, true), 'A lenient formatter of a pattern'),
      method('lenientFormatter', [['pattern', T.String], ['locale', T.Locale]], T.Formatter, (_t, [pattern]) => formatterOf(pattern, true), 'A lenient formatter of a pattern'),
    ],
  };
}

/** The DateTimeFormatter class, so formatters can be passed around and used. */
export const dateTimeFormatterClass: ClassSpec = {
  name: 'java.time.format.DateTimeFormatter',
  superTypes: ['java.lang.Object'],
  methods: [method('format', [['temporal', T.Temporal]], T.String, (f, [value]) => (f as DateTimeFormatter).format(value as Temporal), 'Formats a date/time value')],
  staticMethods: [method('ofPattern', [['pattern', T.String]], T.Formatter, (_t, [pattern]) => formatterOf(pattern), 'A formatter of a pattern')],
};

