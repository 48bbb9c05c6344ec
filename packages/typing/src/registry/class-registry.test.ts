import '@js-joda/timezone';
import { Decimal } from 'decimal.js';
import { DayOfWeek, Duration, LocalDate, LocalDateTime, ZoneId } from '@js-joda/core';
import { describe, expect, it } from 'vitest';
import { javaEquals } from '../runtime/compare';
import { numberKindOf } from '../runtime/numbers';
import { javaToString } from '../runtime/to-string';
import { typeOfValue } from '../runtime/type-of-value';
import { JavaCharacter, JavaDouble, JavaUuid } from '../runtime/values';
import { arrayType, classType, displayType, listType, mapType, setType, Types, unknownType, valueType, type TypingResult } from '../types/typing-result';
import { recordType } from '../types/record';
import { createClassRegistry, invokeMethod, isExcludedClassName, type MethodDefinition } from './class-registry';
import { method, param } from './define';
import { standardClassRegistry } from './standard-registry';

const T = Types;
const registry = standardClassRegistry;

/** Types the call, then runs it through the registry as the evaluator does. */
function call(target: unknown, name: string, args: readonly unknown[] = [], targetType: TypingResult = typeOfValue(target)): { type: string; value: unknown } {
  const match = registry.matchMethod(targetType, name, args.map(typeOfValue));
  if (!match.ok) throw new Error(match.message);
  return { type: displayType(match.type), value: invokeMethod(match.method, target, args) };
}

function callStatic(className: string, name: string, args: readonly unknown[] = []): { type: string; value: unknown } {
  const match = registry.matchStaticMethod(className, name, args.map(typeOfValue));
  if (!match.ok) throw new Error(match.message);
  return { type: displayType(match.type), value: invokeMethod(match.method, null, args) };
}

describe('standard classes', () => {
  it('whitelists the listed classes', () => {
    for (const name of [
      'java.lang.String', 'java.lang.Boolean', 'java.lang.Integer', 'java.lang.Long', 'java.lang.Short', 'java.lang.Byte', 'java.lang.Float',
      'java.lang.Double', 'java.math.BigDecimal', 'java.math.BigInteger', 'java.lang.Number', 'java.lang.Character', 'java.util.List',
      'java.util.Map', 'java.util.Set', '[Ljava.lang.Object;', 'java.time.LocalDate', 'java.time.LocalTime', 'java.time.LocalDateTime',
      'java.time.Instant', 'java.time.ZonedDateTime', 'java.time.OffsetDateTime', 'java.time.Duration', 'java.time.Period', 'java.time.DayOfWeek',
      'java.time.Month', 'java.time.temporal.ChronoUnit', 'java.util.UUID', 'java.util.Locale', 'java.util.Currency', 'java.nio.charset.Charset',
      'java.time.ZoneId', 'java.time.ZoneOffset', 'java.lang.Object', 'java.lang.Math',
    ]) {
      expect(registry.hasClass(name), name).toBe(true);
    }
  });
  it('never exposes excluded classes or members', () => {
    expect(registry.hasClass('java.lang.System')).toBe(false);
    expect(isExcludedClassName('java.lang.reflect.Method')).toBe(true);
    expect(isExcludedClassName('java.io.File')).toBe(true);
    expect(isExcludedClassName('java.nio.file.Files')).toBe(true);
    expect(isExcludedClassName('java.nio.charset.Charset')).toBe(false);
    const extended = registry.extend([
      { name: 'java.lang.Runtime', staticMethods: [method('getRuntime', [], unknownType, () => null)] },
      { name: 'com.acme.Thing', methods: [method('getClass', [], unknownType, () => null), method('hashCode', [], T.Integer, () => 1), method('wait', [], unknownType, () => null)] },
    ]);
    expect(extended.hasClass('java.lang.Runtime')).toBe(false);
    expect(extended.getClass('com.acme.Thing')?.methods).toEqual([]);
    expect(extended.lookupProperty(classType('com.acme.Thing'), 'class')).toBeUndefined();
  });
  it('resolves class names as written in expressions', () => {
    expect(registry.resolveClassName('String')).toBe('java.lang.String');
    expect(registry.resolveClassName('java.lang.Math')).toBe('java.lang.Math');
    expect(registry.resolveClassName('long')).toBe('java.lang.Long');
    expect(registry.resolveClassName('bigdecimal')).toBe('java.math.BigDecimal');
    expect(registry.resolveClassName('LocalDate')).toBe('java.time.LocalDate');
    expect(registry.resolveClassName('java.lang.System')).toBeUndefined();
  });
});

describe('method lookup and typing', () => {
  it.each<[string, TypingResult, string, TypingResult[], string]>([
    ['List[T].get(Integer) -> T', listType(T.String), 'get', [T.Integer], 'String'],
    ['Map[K,V].get -> V', mapType(T.String, T.Long), 'get', [T.String], 'Long'],
    ['record.get(literal) -> field type', recordType({ a: valueType(T.Integer, 1) }), 'get', [valueType(T.String, 'a')], 'Integer(1)'],
    ['record.get(non-literal) -> value supertype', recordType({ a: T.Integer, b: T.Integer }), 'get', [T.String], 'Integer'],
    ['array get (lists and arrays unified)', arrayType(T.Long), 'get', [T.Integer], 'Long'],
    ['List.subList keeps T', listType(T.Integer), 'subList', [T.Integer, T.Integer], 'List[Integer]'],
    ['Map.keySet', mapType(T.Integer, T.String), 'keySet', [], 'Set[Integer]'],
    ['Map.values', mapType(T.Integer, T.String), 'values', [], 'List[String]'],
    ['record keySet is Set[String]', recordType({ a: T.Integer }), 'keySet', [], 'Set[String]'],
    ['String.length', T.String, 'length', [], 'Integer'],
    ['String.split gives an array', T.String, 'split', [T.String], 'Array[String]'],
    ['toString on anything', listType(T.String), 'toString', [], 'String'],
    ['Integer method from Number', T.Integer, 'longValue', [], 'Long'],
    ['LocalDate.plusDays accepts Integer for long', T.LocalDate, 'plusDays', [T.Integer], 'LocalDate'],
    ['Set.contains', setType(T.String), 'contains', [T.String], 'Boolean'],
    ['Unknown target gets Object methods', unknownType, 'toString', [], 'String'],
    ['value target uses its class', valueType(T.String, 'abc'), 'toUpperCase', [], 'String'],
  ])('%s', (_name, target, name, args, expected) => {
    const match = registry.matchMethod(target, name, args);
    expect(match.ok).toBe(true);
    if (match.ok) expect(displayType(match.type)).toBe(expected);
  });

  it('reports unknown methods and argument mismatches with the texts Nussknacker gives', () => {
    expect(registry.matchMethod(T.String, 'nope', [])).toEqual({ ok: false, code: 'UnknownMethod', message: "Unknown method 'nope' in String" });
    const mismatch = registry.matchMethod(T.String, 'substring', [T.String]);
    expect(mismatch).toMatchObject({ ok: false, code: 'ArgumentTypeMismatch' });
    if (!mismatch.ok) expect(mismatch.message).toBe('Mismatch parameter types. Found: substring(String). Required: substring(Integer) or substring(Integer, Integer)');
    expect(registry.matchMethod(unknownType, 'size', [])).toMatchObject({ ok: false, code: 'UnknownMethod' });
  });

  it('reads no-arg methods and getters as properties', () => {
    expect(registry.lookupProperty(T.String, 'length')?.name).toBe('length');
    expect(registry.lookupProperty(T.LocalDate, 'year')?.name).toBe('getYear');
    expect(registry.lookupProperty(T.String, 'empty')?.name).toBe('isEmpty');
    expect(registry.lookupProperty(listType(T.String), 'size')?.name).toBe('size');
    expect(registry.lookupProperty(arrayType(T.String), 'length')?.name).toBe('length');
    expect(registry.lookupProperty(T.String, 'substring')).toBeUndefined();
    expect(registry.lookupProperty(T.String, 'nope')).toBeUndefined();
  });

  it('lists instance methods for suggestions without duplicates', () => {
    const names = registry.instanceMethods(T.Integer).map((m) => m.name);
    expect(names).toContain('intValue');
    expect(names).toContain('toString');
    expect(names.filter((name) => name === 'toString')).toHaveLength(1);
  });
});

describe('invocations', () => {
  it.each<[string, () => { type: string; value: unknown }, string, string]>([
    ['String.length', () => call('héllo', 'length'), 'Integer', '5'],
    ['String.substring(1, 3)', () => call('abcdef', 'substring', [1, 3]), 'String', 'bc'],
    ['String.toUpperCase', () => call('abc', 'toUpperCase'), 'String', 'ABC'],
    ['String.replace literal', () => call('a.b.c', 'replace', ['.', '-']), 'String', 'a-b-c'],
    ['String.replaceAll regex with group', () => call('2024-01-31', 'replaceAll', ['(\\d+)-(\\d+)-(\\d+)', '$3/$2/$1']), 'String', '31/01/2024'],
    ['String.replaceAll of plain text', () => call('a-b-c', 'replaceAll', ['-', '']), 'String', 'abc'],
    ['String.replaceAll of a metacharacter is a pattern', () => call('a.b', 'replaceAll', ['.', 'x']), 'String', 'xxx'],
    ['String.replaceAll of plain text with an escaped dollar', () => call('ab', 'replaceAll', ['b', '\\$']), 'String', 'a$'],
    ['String.replaceFirst of plain text', () => call('aaa', 'replaceFirst', ['a', 'b']), 'String', 'baa'],
    ['String.replaceFirst of plain text not found', () => call('abc', 'replaceFirst', ['z', 'y']), 'String', 'abc'],
    ['String.split drops trailing empties', () => call('a,b,,', 'split', [',']), 'Array[String]', '[a, b]'],
    ['String.split keeps leading empty', () => call(',a', 'split', [',']), 'Array[String]', '[, a]'],
    ['String.matches whole input', () => call('abc', 'matches', ['a.*']), 'Boolean', 'true'],
    ['String.matches not partial', () => call('xabc', 'matches', ['a.*']), 'Boolean', 'false'],
    ['String.trim', () => call('  a b \n', 'trim'), 'String', 'a b'],
    ['String.charAt', () => call('abc', 'charAt', [1]), 'Character', 'b'],
    ['String.compareTo gives the difference', () => call('a', 'compareTo', ['c']), 'Integer', '-2'],
    ['String.equalsIgnoreCase', () => call('Abc', 'equalsIgnoreCase', ['aBC']), 'Boolean', 'true'],
    ['String.indexOf', () => call('banana', 'indexOf', ['na']), 'Integer', '2'],
    ['String.isBlank', () => call(' \t', 'isBlank'), 'Boolean', 'true'],
    ['String.repeat', () => call('ab', 'repeat', [3]), 'String', 'ababab'],
    ['Object.equals', () => call(1, 'equals', [1n]), 'Boolean', 'false'],
    ['Integer.doubleValue', () => call(3, 'doubleValue'), 'Double', '3.0'],
    ['Long.intValue narrows', () => call(4294967297n, 'intValue'), 'Integer', '1'],
    ['Double.isNaN', () => call(new JavaDouble(NaN), 'isNaN'), 'Boolean', 'true'],
    ['List.get', () => call([10, 20, 30], 'get', [1]), 'Integer', '20'],
    ['List.contains uses Java equals', () => call([1, 2], 'contains', [2]), 'Boolean', 'true'],
    ['List.contains Integer vs Long', () => call([1, 2], 'contains', [2n]), 'Boolean', 'false'],
    ['List.indexOf', () => call(['a', 'b'], 'indexOf', ['b']), 'Integer', '1'],
    ['List.size', () => call([1, 2, 3], 'size'), 'Integer', '3'],
    ['List.isEmpty', () => call([], 'isEmpty'), 'Boolean', 'true'],
    ['Map.get', () => call(new Map([['a', 1]]), 'get', ['a']), 'Integer(1)', '1'],
    ['Map.get absent is null', () => call(new Map([['a', 1]]), 'get', ['b']), 'Unknown', 'null'],
    ['Map.getOrDefault', () => call(new Map([['a', 1]]), 'getOrDefault', ['b', 5]), 'Unknown', '5'],
    ['Map.containsKey', () => call(new Map([['a', 1]]), 'containsKey', ['a']), 'Boolean', 'true'],
    ['Map.keySet', () => call(new Map([['a', 1], ['b', 2]]), 'keySet'), 'Set[String]', '[a, b]'],
    ['Map.size', () => call(new Map([['a', 1]]), 'size'), 'Integer', '1'],
    ['BigDecimal.add', () => call(new Decimal('0.1'), 'add', [new Decimal('0.2')]), 'BigDecimal', '0.3'],
    ['BigDecimal.setScale HALF_UP', () => call(new Decimal('2.345'), 'setScale', [2, 4]), 'BigDecimal', '2.35'],
    ['BigDecimal.divide exact', () => call(new Decimal('1'), 'divide', [new Decimal('8')]), 'BigDecimal', '0.125'],
    ['BigDecimal.divide with scale and mode', () => call(new Decimal('1'), 'divide', [new Decimal('3'), 4, 6]), 'BigDecimal', '0.3333'],
    ['BigDecimal.compareTo', () => call(new Decimal('1.0'), 'compareTo', [new Decimal('1')]), 'Integer', '0'],
    ['BigDecimal.scale', () => call(new Decimal('1.25'), 'scale'), 'Integer', '2'],
    ['LocalDate.plusDays', () => call(LocalDate.of(2024, 2, 28), 'plusDays', [1]), 'LocalDate', '2024-02-29'],
    ['LocalDate.getDayOfWeek', () => call(LocalDate.of(2024, 1, 1), 'getDayOfWeek'), 'DayOfWeek', 'MONDAY'],
    ['LocalDate.getYear', () => call(LocalDate.of(2024, 1, 1), 'getYear'), 'Integer', '2024'],
    ['LocalDate.isBefore', () => call(LocalDate.of(2024, 1, 1), 'isBefore', [LocalDate.of(2024, 1, 2)]), 'Boolean', 'true'],
    ['LocalDate.toEpochDay is Long', () => call(LocalDate.of(1970, 1, 2), 'toEpochDay'), 'Long', '1'],
    ['LocalDateTime.atZone', () => call(LocalDateTime.of(2024, 1, 1, 12, 0), 'atZone', [ZoneId.of('Europe/Warsaw')]), 'ZonedDateTime', '2024-01-01T12:00+01:00[Europe/Warsaw]'],
    ['Duration.toMinutes', () => call(Duration.ofHours(2), 'toMinutes'), 'Long', '120'],
    ['DayOfWeek.plus', () => call(DayOfWeek.SUNDAY, 'plus', [1]), 'DayOfWeek', 'MONDAY'],
    ['DayOfWeek.getValue', () => call(DayOfWeek.SUNDAY, 'getValue'), 'Integer', '7'],
    ['LocalDate.format with a pattern', () => call(LocalDate.of(2024, 1, 5), 'format', [callStatic('java.time.format.DateTimeFormatter', 'ofPattern', ['dd.MM.yyyy']).value]), 'String', '05.01.2024'],
    ['UUID.version', () => call(JavaUuid.parse('123e4567-e89b-42d3-a456-426614174000'), 'version'), 'Integer', '4'],
  ])('%s', (_name, run, type, text) => {
    const result = run();
    expect(result.type).toBe(type);
    expect(javaToString(result.value)).toBe(text);
  });

  it('raises Java exceptions as JavaRuntimeError', () => {
    expect(() => call('abc', 'substring', [5])).toThrow(expect.objectContaining({ code: 'IndexOutOfBoundsException' }));
    expect(() => call([1], 'get', [3])).toThrow(expect.objectContaining({ code: 'IndexOutOfBoundsException' }));
    expect(() => call(new Decimal('1'), 'divide', [new Decimal('3')])).toThrow(expect.objectContaining({ code: 'ArithmeticException' }));
    expect(() => call(LocalDate.of(2024, 1, 31), 'withDayOfMonth', [32])).toThrow(expect.objectContaining({ code: 'DateTimeException' }));
  });
});

describe('static members', () => {
  it.each<[string, () => { type: string; value: unknown }, string, string]>([
    ['Math.max(int, int) is int', () => callStatic('java.lang.Math', 'max', [1, 5]), 'Integer', '5'],
    ['Math.max(int, long) is long', () => callStatic('java.lang.Math', 'max', [1, 5n]), 'Long', '5'],
    ['Math.max(double, int) is double', () => callStatic('java.lang.Math', 'max', [new JavaDouble(1.5), 1]), 'Double', '1.5'],
    ['Math.abs', () => callStatic('java.lang.Math', 'abs', [-3]), 'Integer', '3'],
    ['Math.round(double) is long', () => callStatic('java.lang.Math', 'round', [new JavaDouble(2.5)]), 'Long', '3'],
    ['Math.round(-2.5) rounds up', () => callStatic('java.lang.Math', 'round', [new JavaDouble(-2.5)]), 'Long', '-2'],
    ['Math.floor', () => callStatic('java.lang.Math', 'floor', [new JavaDouble(-1.5)]), 'Double', '-2.0'],
    ['Math.pow', () => callStatic('java.lang.Math', 'pow', [2, 10]), 'Double', '1024.0'],
    ['Math.sqrt of an int', () => callStatic('java.lang.Math', 'sqrt', [16]), 'Double', '4.0'],
    ['LocalDate.of', () => callStatic('java.time.LocalDate', 'of', [2024, 2, 29]), 'LocalDate', '2024-02-29'],
    ['LocalDate.parse', () => callStatic('java.time.LocalDate', 'parse', ['2024-03-01']), 'LocalDate', '2024-03-01'],
    ['BigDecimal.valueOf(double)', () => callStatic('java.math.BigDecimal', 'valueOf', [new JavaDouble(0.1)]), 'BigDecimal', '0.1'],
    ['BigDecimal.valueOf(long)', () => callStatic('java.math.BigDecimal', 'valueOf', [9007199254740993n]), 'BigDecimal', '9007199254740993'],
    ['Integer.parseInt', () => callStatic('java.lang.Integer', 'parseInt', ['-42']), 'Integer', '-42'],
    ['Long.valueOf(String)', () => callStatic('java.lang.Long', 'valueOf', ['9223372036854775807']), 'Long', '9223372036854775807'],
    ['Double.parseDouble', () => callStatic('java.lang.Double', 'parseDouble', ['1e3']), 'Double', '1000.0'],
    ['String.valueOf', () => callStatic('java.lang.String', 'valueOf', [new JavaDouble(2)]), 'String', '2.0'],
    ['String.join varargs', () => callStatic('java.lang.String', 'join', ['-', 'a', 'b', 'c']), 'String', 'a-b-c'],
    ['List.of varargs', () => callStatic('java.util.List', 'of', [1, 2]), 'List[Integer]', '[1, 2]'],
    ['Duration.between', () => callStatic('java.time.Duration', 'between', [LocalDateTime.of(2024, 1, 1, 0, 0), LocalDateTime.of(2024, 1, 1, 1, 30)]), 'Duration', 'PT1H30M'],
    ['LocalDate.parse with a formatter', () => callStatic('java.time.LocalDate', 'parse', ['05.01.2024', callStatic('java.time.format.DateTimeFormatter', 'ofPattern', ['dd.MM.yyyy']).value]), 'LocalDate', '2024-01-05'],
    ['ISO formatter field formats', () => call(registry.lookupStaticField('java.time.format.DateTimeFormatter', 'ISO_LOCAL_DATE')?.value, 'format', [LocalDate.of(2024, 2, 3)]), 'String', '2024-02-03'],
    ['ZoneId.of', () => callStatic('java.time.ZoneId', 'of', ['Europe/Warsaw']), 'ZoneId', 'Europe/Warsaw'],
    ['UUID.fromString', () => callStatic('java.util.UUID', 'fromString', ['123E4567-E89B-12D3-A456-426614174000']), 'UUID', '123e4567-e89b-12d3-a456-426614174000'],
    ['Boolean.parseBoolean', () => callStatic('java.lang.Boolean', 'parseBoolean', ['TRUE']), 'Boolean', 'true'],
    ['Character.isDigit', () => callStatic('java.lang.Character', 'isDigit', [new JavaCharacter('7')]), 'Boolean', 'true'],
  ])('%s', (_name, run, type, text) => {
    const result = run();
    expect(result.type).toBe(type);
    expect(javaToString(result.value)).toBe(text);
  });

  it('exposes static fields with types and values', () => {
    expect(registry.lookupStaticField('java.lang.Integer', 'MAX_VALUE')).toMatchObject({ value: 2147483647, type: T.Integer });
    expect(registry.lookupStaticField('java.lang.Long', 'MIN_VALUE')?.value).toBe(-9223372036854775808n);
    expect(javaToString(registry.lookupStaticField('java.lang.Math', 'PI')?.value)).toBe('3.141592653589793');
    expect(javaEquals(registry.lookupStaticField('java.math.BigDecimal', 'TEN')?.value, new Decimal(10))).toBe(true);
    expect(registry.lookupStaticField('java.time.DayOfWeek', 'MONDAY')?.value).toBe(DayOfWeek.MONDAY);
    expect(registry.lookupStaticField('java.lang.Integer', 'NOPE')).toBeUndefined();
  });

  it('constructs with whitelisted constructors', () => {
    const match = registry.matchConstructor('java.math.BigDecimal', [valueType(T.String, '1.5')]);
    expect(match.ok).toBe(true);
    if (match.ok) {
      const value = invokeMethod(match.method, null, ['1.5']);
      expect(numberKindOf(value)).toBe('BigDecimal');
      expect(javaToString(value)).toBe('1.5');
    }
    const exactBinary = registry.matchConstructor('java.math.BigDecimal', [T.Double]);
    expect(exactBinary.ok && javaToString(invokeMethod(exactBinary.method, null, [new JavaDouble(0.1)]))).toBe('0.1000000000000000055511151231257827021181583404541015625');
    expect(registry.matchConstructor('java.lang.Math', [])).toMatchObject({ ok: false, code: 'UnknownMethod' });
    expect(() => invokeMethod((registry.matchConstructor('java.math.BigDecimal', [T.String]) as { method: MethodDefinition }).method, null, ['abc'])).toThrow(expect.objectContaining({ code: 'NumberFormatException' }));
  });
});

describe('runtime dispatch', () => {
  it('picks overloads by the runtime classes of the values', () => {
    const max = registry.matchStaticMethodForValues('java.lang.Math', 'max', [new JavaDouble(1.5), 2]);
    expect(max.ok && javaToString(invokeMethod(max.method, null, [new JavaDouble(1.5), 2]))).toBe('2.0');
    const intMax = registry.matchStaticMethodForValues('java.lang.Math', 'max', [1, 2]);
    expect(intMax.ok && invokeMethod(intMax.method, null, [1, 2])).toBe(2);
  });
  it('finds methods on values typed as Unknown', () => {
    const size = registry.matchMethodForValues([1, 2], 'size', []);
    expect(size.ok && invokeMethod(size.method, [1, 2], [])).toBe(2);
    expect(registry.matchMethodForValues('abc', 'size', []).ok).toBe(false);
    expect(registry.matchMethodForValues(null, 'toString', []).ok).toBe(false);
  });
  it('keeps a lone list as one element of List.of', () => {
    const of = registry.matchStaticMethod('java.util.List', 'of', [listType(T.Integer)]);
    expect(of.ok && invokeMethod(of.method, null, [[1, 2]])).toEqual([[1, 2]]);
  });
});

describe('extending registries', () => {
  const clientType = classType('com.acme.Client');
  const client = new Map([['name', 'Ann']]);
  const base = createClassRegistry([{ name: 'java.lang.Object' }]);

  it('adds model classes with getters readable as properties', () => {
    const extended = standardClassRegistry.extend([{ name: 'com.acme.Client', methods: [method('getName', [], T.String, (c: Map<string, unknown>) => c.get('name'))] }]);
    const property = extended.lookupProperty(clientType, 'name');
    expect(property && invokeMethod(property, client, [])).toBe('Ann');
    expect(extended.lookupMethods(clientType, 'toString')).toHaveLength(1);
    expect(standardClassRegistry.hasClass('com.acme.Client')).toBe(false);
  });

  it('merges methods into existing classes, replacing same signatures', () => {
    const extended = standardClassRegistry.extend([
      { name: 'java.lang.String', methods: [method('shout', [], T.String, (s: string) => `${s}!`), method('length', [], T.Long, (s: string) => BigInt(s.length))] },
    ]);
    const shout = extended.matchMethod(T.String, 'shout', []);
    expect(shout.ok && invokeMethod(shout.method, 'hey', [])).toBe('hey!');
    const length = extended.matchMethod(T.String, 'length', []);
    expect(length.ok && displayType(length.type)).toBe('Long');
    expect(extended.lookupMethods(T.String, 'length')).toHaveLength(1);
    expect(extended.matchMethod(T.String, 'substring', [T.Integer]).ok).toBe(true);
  });

  it('computes generic results with result functions and reports their errors', () => {
    const registryWithGeneric = base.extend([
      {
        name: 'com.acme.Helper',
        methods: [
          method('first', [param('list', listType())], (_target, args) => {
            const list = args[0];
            return list?.kind === 'class' && list.params[0] ? list.params[0] : { error: 'first needs a list' };
          }, (_helper: unknown, args: readonly unknown[]) => (args[0] as unknown[])[0]),
        ],
      },
    ]);
    const match = registryWithGeneric.matchMethod(classType('com.acme.Helper'), 'first', [listType(T.Long)]);
    expect(match.ok && displayType(match.type)).toBe('Long');
    expect(registryWithGeneric.matchMethod(classType('com.acme.Helper'), 'first', [unknownType])).toEqual({ ok: false, code: 'GenericResultError', message: 'first needs a list' });
  });

  it('packs varargs for invoke', () => {
    const seen: unknown[] = [];
    const variadic = method('log', [param('prefix', T.String), param('parts', T.String)], T.String, (_t: unknown, args: readonly unknown[]) => {
      seen.push(args);
      return null;
    }, { varArgs: true });
    invokeMethod(variadic, null, ['p', 'a', 'b']);
    invokeMethod(variadic, null, ['p']);
    invokeMethod(variadic, null, ['p', ['x', 'y']], { lastArgIsArray: true });
    invokeMethod(variadic, null, ['p', ['x', 'y']]);
    expect(seen).toEqual([['p', ['a', 'b']], ['p', []], ['p', ['x', 'y']], ['p', [['x', 'y']]]]);
    const withVarargs = base.extend([{ name: 'com.acme.Logger', methods: [variadic] }]);
    expect(withVarargs.matchMethod(classType('com.acme.Logger'), 'log', [T.String]).ok).toBe(true);
    expect(withVarargs.matchMethod(classType('com.acme.Logger'), 'log', [T.String, T.String, T.String]).ok).toBe(true);
    expect(withVarargs.matchMethod(classType('com.acme.Logger'), 'log', [T.String, T.Integer]).ok).toBe(false);
    expect(withVarargs.matchMethod(classType('com.acme.Logger'), 'log', []).ok).toBe(false);
  });
});
