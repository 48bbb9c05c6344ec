import {
  classType,
  displayType,
  knownValueOf,
  listType,
  mapType,
  nullType,
  recordType,
  type TypingResult,
  typeForClassName,
  Types,
  unionType,
  unknownType,
  withoutValue,
} from '@scenaria/typing';
import { editors, type ParameterEditor } from '../editors';

/** Short constructors for the types components declare. */
export const T = {
  unknown: (): TypingResult => unknownType,
  null: (): TypingResult => nullType,
  string: (): TypingResult => Types.String,
  boolean: (): TypingResult => Types.Boolean,
  integer: (): TypingResult => Types.Integer,
  long: (): TypingResult => Types.Long,
  double: (): TypingResult => Types.Double,
  bigDecimal: (): TypingResult => Types.BigDecimal,
  number: (): TypingResult => Types.Number,
  duration: (): TypingResult => Types.Duration,
  list: (element: TypingResult): TypingResult => listType(element),
  map: (key: TypingResult, value: TypingResult): TypingResult => mapType(key, value),
  record: (fields: Readonly<Record<string, TypingResult>>): TypingResult => recordType(fields),
  union: (types: readonly TypingResult[]): TypingResult => unionType(...types),
  fromClassName: (name: string): TypingResult => typeForClassName(name),
  of: (name: string, params?: readonly TypingResult[]): TypingResult => classType(name, params),
};

/** The value of a type known at compile time when it is a string (a literal topic name...). */
export function knownString(type: TypingResult | undefined): string | undefined {
  if (type === undefined) return undefined;
  const known = knownValueOf(type);
  return typeof known?.value === 'string' ? known.value : undefined;
}

/** The value of a type known at compile time when it is a boolean. */
export function knownBoolean(type: TypingResult | undefined): boolean | undefined {
  if (type === undefined) return undefined;
  const known = knownValueOf(type);
  return typeof known?.value === 'boolean' ? known.value : undefined;
}

/** The element type of a List/Set/Collection/array type, Unknown for anything else. */
export function elementTypeOf(type: TypingResult): TypingResult {
  const plain = withoutValue(type);
  if (plain.kind === 'class' && plain.params.length === 1) {
    const element = plain.params[0];
    if (element !== undefined) return element;
  }
  return unknownType;
}

/** The editor Nussknacker gives a parameter of this type when none is declared. */
export function defaultEditorFor(type: TypingResult): ParameterEditor | undefined {
  switch (displayType(withoutValue(type))) {
    case 'Boolean':
      return editors.dual({ type: 'BoolParameterEditor' }, 'SIMPLE');
    case 'String':
      return editors.dual({ type: 'StringParameterEditor' }, 'RAW');
    case 'Duration':
      return editors.dual({ type: 'DurationParameterEditor', timeRangeComponents: ['DAYS', 'HOURS', 'MINUTES', 'SECONDS'] }, 'SIMPLE');
    case 'Period':
      return editors.dual({ type: 'PeriodParameterEditor', timeRangeComponents: ['YEARS', 'MONTHS', 'DAYS'] }, 'SIMPLE');
    case 'LocalDate':
      return editors.dual({ type: 'DateParameterEditor' }, 'SIMPLE');
    case 'LocalTime':
      return editors.dual({ type: 'TimeParameterEditor' }, 'SIMPLE');
    case 'LocalDateTime':
      return editors.dual({ type: 'DateTimeParameterEditor' }, 'SIMPLE');
    default:
      return undefined;
  }
}
