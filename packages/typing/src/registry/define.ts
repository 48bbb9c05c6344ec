import { JavaRuntimeError } from '../runtime/errors';
import { toIntValue, toLongValue, toDoubleValue } from '../runtime/numbers';
import { javaToString } from '../runtime/to-string';
import { objTypeOf, unknownType, type TypingResult } from '../types/typing-result';
import type { MethodDefinition, MethodParameter, MethodResultFunction, StaticFieldDefinition } from './class-registry';
import { scanStringArguments, type CostMeter, type MethodCost } from './cost';
import { JavaClassNames } from '../types/java-classes';

/** Options of a method definition. */
export type MethodOptions = { readonly varArgs?: boolean; readonly description?: string; readonly cost?: MethodCost };

/** A method parameter. */
export function param(name: string, type: TypingResult): MethodParameter {
  return { name, type };
}

/** A method definition; `invoke` receives the target, the (varargs-packed) arguments and the budget its cost was charged to, if any. */
export function method(
  name: string,
  params: readonly MethodParameter[],
  result: TypingResult | MethodResultFunction,
  invoke: (target: never, args: readonly never[], meter?: CostMeter) => unknown,
  options: MethodOptions = {},
): MethodDefinition {
  const cost = options.cost ?? defaultCost(params);
  return Object.freeze({
    name,
    params: Object.freeze([...params]),
    varArgs: options.varArgs ?? false,
    result,
    invoke: invoke as (target: unknown, args: readonly unknown[], meter?: CostMeter) => unknown,
    ...(options.description === undefined ? {} : { description: options.description }),
    ...(cost === undefined ? {} : { cost }),
  });
}

/** Methods taking Strings scan them at least (parsing, lookups): that is their cost unless they declare one. */
function defaultCost(params: readonly MethodParameter[]): MethodCost | undefined {
  const indexes = params.flatMap((p, i) => (p.type.kind === 'class' && p.type.className === JavaClassNames.String ? [i] : []));
  return indexes.length === 0 ? undefined : scanStringArguments(indexes);
}

/** A static method: like {@link method} with the target ignored. */
export function staticMethod(
  name: string,
  params: readonly MethodParameter[],
  result: TypingResult | MethodResultFunction,
  invoke: (args: readonly never[]) => unknown,
  options: MethodOptions = {},
): MethodDefinition {
  return method(name, params, result, (_target: never, args: readonly never[]) => invoke(args), options);
}

/** A static field. */
export function staticField(name: string, type: TypingResult, value: unknown, description?: string): StaticFieldDefinition {
  return Object.freeze({ name, type, value, ...(description === undefined ? {} : { description }) });
}

/** The generic parameter `index` of the target's runtime class (`T` of `List[T]`), Unknown when absent. */
export function typeParameter(target: TypingResult, index: number): TypingResult {
  if (target.kind === 'unknown' || target.kind === 'null' || target.kind === 'union') return unknownType;
  return objTypeOf(target).params[index] ?? unknownType;
}

/** The argument at `index` as a Java int (the evaluator passes Integers, or narrower numbers widened). */
export function intArg(args: readonly unknown[], index: number): number {
  return toIntValue(requireArg(args, index));
}

/** The argument as a Java long. */
export function longArg(args: readonly unknown[], index: number): bigint {
  return toLongValue(requireArg(args, index));
}

/** The argument as a Java double. */
export function doubleArg(args: readonly unknown[], index: number): number {
  return toDoubleValue(requireArg(args, index));
}

/** The argument as a String (a CharSequence). */
export function stringArg(args: readonly unknown[], index: number): string {
  const value = requireArg(args, index);
  if (typeof value !== 'string') throw new JavaRuntimeError('ClassCastException', `${javaToString(value)} is not a String`);
  return value;
}

/** The argument, which must not be null (Java would throw a NullPointerException). */
export function requireArg(args: readonly unknown[], index: number): unknown {
  const value = args[index];
  if (value === null || value === undefined) throw new JavaRuntimeError('NullPointerException', `Argument ${index + 1} is null`);
  return value;
}

/** The argument as a JS array (a Java List or array). */
export function listArg(args: readonly unknown[], index: number): readonly unknown[] {
  const value = requireArg(args, index);
  if (Array.isArray(value)) return value;
  if (value instanceof Set) return [...value];
  throw new JavaRuntimeError('ClassCastException', `${javaToString(value)} is not a List`);
}

/** The argument as a JS Map (a Java Map or record). */
export function mapArg(args: readonly unknown[], index: number): ReadonlyMap<unknown, unknown> {
  const value = requireArg(args, index);
  if (value instanceof Map) return value;
  throw new JavaRuntimeError('ClassCastException', `${javaToString(value)} is not a Map`);
}
