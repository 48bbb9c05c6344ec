import { Decimal } from 'decimal.js';
import { LocalDate } from '@js-joda/core';
import { classType, listType, mapType, recordType, simpleClassName, Types, unknownType, type TypingResult } from '@scenaria/typing';
import { JavaDouble, javaToString } from '@scenaria/typing/runtime';
import { registryClassOf } from '../src/internal/spel-values';
import { createGlobals } from '../src/helpers/globals';

/** Deterministic helpers: a fixed clock (2024-03-15T10:30:00Z) and a repeating random sequence. */
export function fixedGlobals() {
  let i = 0;
  const sequence = [0.1, 0.7, 0.3, 0.9, 0.5];
  return createGlobals({ clock: () => Date.UTC(2024, 2, 15, 10, 30, 0), random: () => sequence[i++ % sequence.length]!, defaultZone: 'Europe/Warsaw' });
}

const client = recordType({ vip: Types.Boolean, name: Types.String, age: Types.Integer });

/** Variable types used by the expression tables. */
export const variableTypes: Record<string, TypingResult> = {
  input: recordType({
    name: Types.String,
    age: Types.Integer,
    score: Types.Double,
    amount: Types.BigDecimal,
    id: Types.Long,
    tags: listType(Types.String),
    vip: Types.Boolean,
    clients: listType(client),
    address: recordType({ city: Types.String, zip: Types.String }),
    nullable: Types.String,
    items: mapType(Types.String, Types.Integer),
    born: Types.LocalDate,
    numbers: listType(Types.Integer),
  }),
  meta: recordType({ processName: Types.String, scenarioLabels: listType(Types.String), properties: recordType({ env: Types.String }) }),
  x: Types.String,
  n: Types.Integer,
  l: Types.Long,
  d: Types.Double,
  unknown: unknownType,
  list: listType(Types.Integer),
  strings: classType('[Ljava.lang.Object;', [Types.String]),
};

const clients = [
  new Map<string, unknown>([['vip', true], ['name', 'Ann'], ['age', 31]]),
  new Map<string, unknown>([['vip', false], ['name', 'Bob'], ['age', 25]]),
  new Map<string, unknown>([['vip', true], ['name', 'Cid'], ['age', 47]]),
];

/** Runtime values matching `variableTypes`. */
export const variableValues: Record<string, unknown> = {
  input: new Map<string, unknown>([
    ['name', 'Bob'],
    ['age', 42],
    ['score', new JavaDouble(7.5)],
    ['amount', new Decimal('10.25')],
    ['id', 9007199254740993n],
    ['tags', ['a', 'b', 'c']],
    ['vip', true],
    ['clients', clients],
    ['address', new Map([['city', 'Warsaw'], ['zip', '00-001']])],
    ['nullable', null],
    ['items', new Map([['apples', 3], ['pears', 5]])],
    ['born', LocalDate.of(1990, 5, 17)],
    ['numbers', [5, 3, 8, 1]],
  ]),
  meta: new Map<string, unknown>([['processName', 'fraud'], ['scenarioLabels', ['prod', 'eu']], ['properties', new Map([['env', 'test']])]]),
  x: null,
  n: 7,
  l: 9223372036854775807n,
  d: new JavaDouble(0.1),
  unknown: new Map<string, unknown>([['a', 1], ['b', 'x'], ['nested', new Map([['c', true]])]]),
  list: [1, 2, 3],
  strings: ['x', 'y'],
};

/** `Kind:text` of a runtime value, e.g. `Long:3`, `Double:3.0`, `List:[1, 2]`. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  return `${simpleClassName(registryClassOf(value))}:${javaToString(value)}`;
}
