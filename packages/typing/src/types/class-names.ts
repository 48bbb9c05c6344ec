import { ARRAY_CLASS_NAME, builtinClassInfo, JavaClassNames, resolveBuiltinClassName } from './java-classes';
import { arrayType, classType, unknownType, type TypingResult } from './typing-result';

/** JVM descriptors of primitive array element types (`[I` is `int[]`). */
const PRIMITIVE_DESCRIPTORS: Readonly<Record<string, string>> = {
  I: JavaClassNames.Integer,
  J: JavaClassNames.Long,
  S: JavaClassNames.Short,
  B: JavaClassNames.Byte,
  F: JavaClassNames.Float,
  D: JavaClassNames.Double,
  Z: JavaClassNames.Boolean,
  C: JavaClassNames.Character,
};

/**
 * The type for a Java class name as clients send it (`java.lang.Long`, `long`, `Long`, `java.util.List`,
 * `[Ljava.lang.String;`, `[I`): `java.lang.Object` is Unknown, generic classes get Unknown parameters unless
 * `params` are given, arrays become `Array[element]`. Names typing does not know are accepted only when
 * `isKnownClass` says so (e.g. a registry's `hasClass`); otherwise the result is undefined.
 */
export function fromJavaClassName(name: string, params?: readonly TypingResult[], isKnownClass?: (name: string) => boolean): TypingResult | undefined {
  if (name.startsWith('[')) return arrayFromDescriptor(name, params, isKnownClass);
  const resolved = builtinClassInfo(name) ? name : isKnownClass?.(name) ? name : resolveBuiltinClassName(name);
  if (resolved === undefined) return undefined;
  if (resolved === JavaClassNames.Object) return unknownType;
  return classType(resolved, params);
}

function arrayFromDescriptor(name: string, params: readonly TypingResult[] | undefined, isKnownClass?: (name: string) => boolean): TypingResult | undefined {
  // Every array is typed as Object[] with the element type as parameter, as Nussknacker does.
  if (name === ARRAY_CLASS_NAME) return arrayType(params?.[0] ?? unknownType);
  const descriptor = name.slice(1);
  if (descriptor.startsWith('[')) {
    const inner = arrayFromDescriptor(descriptor, undefined, isKnownClass);
    return inner === undefined ? undefined : arrayType(inner);
  }
  const primitive = PRIMITIVE_DESCRIPTORS[descriptor];
  if (primitive) return arrayType(classType(primitive));
  if (descriptor.startsWith('L') && descriptor.endsWith(';')) {
    const element = fromJavaClassName(descriptor.slice(1, -1), undefined, isKnownClass);
    return element === undefined ? undefined : arrayType(element);
  }
  return undefined;
}

/** The fully-qualified class name of a class type as it goes on the wire (`refClazzName`). */
export function javaClassNameOf(type: TypingResult): string {
  switch (type.kind) {
    case 'class':
      return type.className;
    case 'record':
      return type.objType.className;
    case 'value':
      return type.underlying.className;
    case 'dict':
      return javaClassNameOf(type.valueType);
    case 'tagged':
      return javaClassNameOf(type.underlying);
    default:
      return JavaClassNames.Object;
  }
}
