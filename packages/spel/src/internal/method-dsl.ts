import type { MethodDefinition, ResultTypeFunction } from './class-registry';
import { classType, listType, mapType, setType, arrayType, unknownType, Types, type TypingResult } from './typing-bridge';

/** Short names of the types used in class definitions. */
export const T = {
  ...Types,
  Object: unknownType,
  Unknown: unknownType,
  CharSequence: classType('java.lang.CharSequence'),
  Comparable: classType('java.lang.Comparable', [unknownType]),
  Collection: (element: TypingResult = unknownType) => classType('java.util.Collection', [element]),
  List: (element: TypingResult = unknownType) => listType(element),
  Set: (element: TypingResult = unknownType) => setType(element),
  Array: (element: TypingResult = unknownType) => arrayType(element),
  Map: (key: TypingResult = unknownType, value: TypingResult = unknownType) => mapType(key, value),
  Temporal: classType('java.time.temporal.Temporal'),
  Formatter: classType('java.time.format.DateTimeFormatter'),
};

/**
 * Declares a method. `params` are `[name, type]` pairs; a trailing `...` in the last name marks varargs
 * (its type is the element type).
 */
export function method(
  name: string,
  params: Array<[string, TypingResult]>,
  result: TypingResult | ResultTypeFunction,
  invoke: (target: unknown, args: unknown[]) => unknown,
  description?: string,
  extra: Partial<MethodDefinition> = {},
): MethodDefinition {
  const last = params[params.length - 1];
  const varArgs = last !== undefined && last[0].endsWith('...');
  const definition: MethodDefinition = {
    name,
    params: params.map(([paramName, type]) => ({ name: paramName.replace('...', ''), type })),
    varArgs,
    result,
    invoke,
    ...extra,
  };
  if (description !== undefined) definition.description = description;
  return definition;
}
