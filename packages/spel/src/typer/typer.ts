import type { AstNode, BinaryNode, MethodCallNode, SourceRange, TemplateNode } from '../ast/nodes';
import type { ExpressionError, ExpressionErrorCode } from '../errors';
import {
  ARRAY_CLASS_NAME, arrayType, canBeSubclassOf, classType, commonSupertype, displayType, isNumberType, knownValueOf,
  listType, methodAppliesTo, nullType, recordType, simpleClassName, Types, unionType, unknownType, valueType,
  withoutValue, type ClassRegistry, type MethodDefinition, type NumberKind, type TypedClass, type TypingResult,
} from '@scenaria/typing';
import {
  convertValueTo, isJavaRuntimeError, isStringConvertibleClass, JavaDouble, JavaFloat, javaNegate, javaPower,
  JavaRuntimeError, javaToString, numberKindOf, promoteNumberKinds, spelEquals, typeOfValue,
} from '@scenaria/typing/runtime';
import { addAs, divideAs, multiplyAs, remainderAs, subtractAs } from '../internal/kind-arithmetic';
import { compareIfComparable } from '../internal/spel-values';
import { resolveTypeName } from '../internal/registry';
import { argumentFits, classOf, numberKindOfType, promoteNumberTypes } from '../internal/types';
import type { ExpressionConfig } from './config';

/** What the typer learned about one node; the compiler reads it to specialise closures. */
export interface NodeTyping {
  type: TypingResult;
  /** The member chosen for a property/method/constructor node. */
  method?: MethodDefinition;
  /** A record field or map key read by a property node. */
  mapKey?: string;
  /** A static field value (`T(Integer).MAX_VALUE`). */
  staticValue?: { value: unknown };
  /** The class a type reference stands for. */
  staticClass?: string;
  /** Arguments needing a String -> X conversion before the call (index -> target class). */
  argumentConversions?: Map<number, string>;
  /** Property/method resolved at runtime (Unknown target). */
  dynamic?: boolean;
  /** A `#this` that is the current object of a selection/projection (outside them there is none, as in Nussknacker). */
  currentObject?: boolean;
  /** The type of the object a member was looked up on (for completion). */
  targetType?: TypingResult;
}

/** Everything the typer needs besides the tree. */
/** Variable types in scope (a Map works; so does any object with these two methods). */
export interface VariableScope {
  get(name: string): TypingResult | undefined;
  has(name: string): boolean;
}

export interface TyperContext {
  variables: VariableScope;
  /** The expression text, for messages that quote a part of it. */
  text?: string;
  registry: ClassRegistry;
  config: ExpressionConfig;
}

/** Typing of a whole expression: its type, every problem, and the per-node typing. */
export interface TypingOutcome {
  type: TypingResult;
  errors: ExpressionError[];
  nodes: Map<AstNode, NodeTyping>;
}

const BOOLEAN = Types.Boolean;
const STRING = Types.String;

function typeName(type: TypingResult): string {
  return displayType(type);
}

/** Runtime value of a literal in the representation of @scenaria/typing. */
export function literalRuntimeValue(node: Extract<AstNode, { kind: 'literal' }>): unknown {
  switch (node.literalKind) {
    case 'Double':
      return new JavaDouble(node.value as number);
    case 'Float':
      return new JavaFloat(node.value as number);
    default:
      return node.value;
  }
}

const LITERAL_CLASS: Record<string, TypedClass> = {
  Integer: Types.Integer,
  Long: Types.Long,
  Double: Types.Double,
  Float: Types.Float,
  String: Types.String,
  Boolean: Types.Boolean,
};

/** Types an expression tree (reference §2). Never throws on user input: problems are collected. */
export function typeTree(ast: AstNode | null, context: TyperContext): TypingOutcome {
  const typer = new Typer(context);
  const type = ast ? typer.type(ast, undefined) : nullType;
  return { type, errors: typer.errors, nodes: typer.nodes };
}

/** Types a `spelTemplate`: every insert is typed; the whole is a String. */
export function typeTemplate(template: TemplateNode, context: TyperContext): TypingOutcome {
  const typer = new Typer(context);
  for (const part of template.parts) if (part.kind === 'expression') typer.type(part.node, undefined);
  return { type: STRING, errors: typer.errors, nodes: typer.nodes };
}

class Typer {
  readonly errors: ExpressionError[] = [];
  readonly nodes = new Map<AstNode, NodeTyping>();

  constructor(private readonly context: TyperContext) {}

  private sourceOf(node: AstNode): string {
    return this.context.text?.slice(node.range.start, node.range.end) ?? '';
  }

  private error(code: ExpressionErrorCode, message: string, range: SourceRange): void {
    this.errors.push({ code, message, range });
  }

  private record(node: AstNode, typing: NodeTyping): TypingResult {
    this.nodes.set(node, typing);
    return typing.type;
  }

  /** `self` is the current object (`#this`): undefined at the top of the expression. */
  type(node: AstNode, self: TypingResult | undefined): TypingResult {
    switch (node.kind) {
      case 'literal':
        if (node.literalKind === 'Null') return this.record(node, { type: nullType });
        return this.record(node, { type: valueType(LITERAL_CLASS[node.literalKind]!, literalRuntimeValue(node)) });
      case 'variable': {
        const isCurrentObject = node.name === 'this' && self !== undefined && !this.context.variables.has('this');
        return this.record(node, isCurrentObject ? { type: self, currentObject: true } : { type: this.variable(node.name, self, node.range) });
      }
      case 'property':
        return this.property(node, self);
      case 'methodCall':
        return this.methodCall(node, self);
      case 'functionCall':
        node.args.forEach((arg) => this.type(arg, self));
        this.error('FunctionCallError', `Function call '#${node.name}()' is not allowed: custom functions are not supported`, node.range);
        return this.record(node, { type: unknownType });
      case 'indexer':
        return this.indexer(node, self);
      case 'selection':
      case 'projection':
        return this.selectionOrProjection(node, self);
      case 'inlineList':
        return this.inlineList(node, self);
      case 'inlineMap': {
        const fields: [string, TypingResult][] = [];
        for (const entry of node.entries) {
          const valueTypeOfEntry = this.type(entry.value, self);
          if (entry.key === null) {
            this.type(entry.keyNode, self);
            this.error('MapWithExpressionKeysError', 'Currently only string keys for inline maps are supported', entry.keyNode.range);
          } else {
            fields.push([entry.key, valueTypeOfEntry]);
          }
        }
        return this.record(node, { type: recordType(fields) });
      }
      case 'typeReference': {
        const className = this.resolveTypeReference(node.typeName, node.range);
        if (node.dimensions > 0) this.error('TypeReferenceError', `Array type ${node.typeName}[] is not allowed to be passed as TypeReference`, node.range);
        if (className === undefined) return this.record(node, { type: unknownType });
        return this.record(node, { type: classType('java.lang.Class', [classType(className)]), staticClass: className });
      }
      case 'constructor':
        return this.constructorCall(node, self);
      case 'binary':
        return this.binary(node, self);
      case 'unary':
        return this.unary(node, self);
      case 'ternary': {
        const condition = this.type(node.condition, self);
        if (!this.isBooleanLike(condition)) {
          this.error('TernaryOperatorNotBooleanError', `Expression used in ternary operator should be boolean, found: ${typeName(condition)}`, node.condition.range);
        }
        const whenTrue = this.type(node.whenTrue, self);
        const whenFalse = this.type(node.whenFalse, self);
        return this.record(node, { type: commonSupertype(whenTrue, whenFalse, this.context.registry) });
      }
      case 'elvis': {
        const value = this.type(node.value, self);
        const fallback = this.type(node.fallback, self);
        if (value.kind === 'null') return this.record(node, { type: withoutValue(fallback) });
        const common = commonSupertype(value, fallback, this.context.registry);
        return this.record(node, { type: common.kind === 'unknown' ? unionType(withoutValue(value), withoutValue(fallback)) : common });
      }
      case 'assign':
        this.type(node.target, self);
        this.type(node.value, self);
        this.error('ModificationError', 'Value modifications are not supported', node.range);
        return this.record(node, { type: unknownType });
      case 'beanReference':
        this.error('BeanReferenceError', 'Bean reference is not supported', node.range);
        return this.record(node, { type: unknownType });
      case 'missing':
        return this.record(node, { type: unknownType });
    }
  }

  private isBooleanLike(type: TypingResult): boolean {
    if (type.kind === 'unknown') return true;
    return classOf(type)?.className === 'java.lang.Boolean';
  }

  private variable(name: string, self: TypingResult | undefined, range: SourceRange): TypingResult {
    if (name === '') {
      this.error('UnresolvedReferenceError', 'Variable name expected after #', range);
      return unknownType;
    }
    const type = this.context.variables.get(name);
    if (type === undefined) {
      this.error('UnresolvedReferenceError', `Unresolved reference '${name}'`, range);
      return unknownType;
    }
    return type;
  }

  private resolveTypeReference(typeName: string, range: SourceRange): string | undefined {
    const registry = this.context.registry;
    const className = resolveTypeName(registry, typeName) ?? resolveTypeName(registry, `java.lang.${typeName}`);
    // With static checks off, Nussknacker types unknown classes as Unknown; evaluation still only reaches
    // whitelisted members, so such a reference can do nothing but fail at runtime.
    if (className === undefined && this.context.config.staticMethodInvocationsChecking) {
      this.error('TypeReferenceError', `Class ${typeName} is not allowed to be passed as TypeReference`, range);
    }
    return className;
  }

  // ----- members -----

  private applicable(methods: readonly MethodDefinition[], target: TypingResult): MethodDefinition[] {
    return methods.filter((method) => methodAppliesTo(method, target));
  }

  /** Instance methods named `name` visible on a (non-union) type. */
  private methodsOn(target: TypingResult, name: string): MethodDefinition[] {
    if (target.kind === 'unknown' || target.kind === 'null') {
      return this.applicable(this.context.registry.lookupMethods('java.lang.Object', name), target);
    }
    const cls = classOf(target);
    if (!cls) return [];
    return this.applicable(this.context.registry.lookupMethods(cls.className, name), target);
  }

  private property(node: Extract<AstNode, { kind: 'property' }>, self: TypingResult | undefined): TypingResult {
    if (node.target === null) {
      if (self === undefined) {
        this.error('UnresolvedReferenceError', `Non reference '${node.name}' occurred. Maybe you missed '#' in front of it?`, node.range);
        return this.record(node, { type: unknownType });
      }
      return this.propertyOn(node, self, node.nameRange);
    }
    const targetNode = this.nodes.get(node.target) ?? { type: this.type(node.target, self) };
    const staticClass = this.nodes.get(node.target)?.staticClass;
    if (staticClass !== undefined) {
      const field = this.context.registry.lookupStaticField(staticClass, node.name);
      if (field) return this.record(node, { type: staticFieldType(field.type, field.value), staticValue: { value: field.value }, targetType: targetNode.type });
      const methods = this.context.registry.lookupStaticMethods(staticClass, node.name).filter((method) => method.params.length === 0);
      if (methods[0]) return this.record(node, { type: this.resultType(methods[0], targetNode.type, []), method: methods[0], targetType: targetNode.type });
      this.error('NoPropertyError', `There is no property '${node.name}' in type: ${simpleClassName(staticClass)}`, node.nameRange);
      return this.record(node, { type: unknownType, targetType: targetNode.type });
    }
    return this.propertyOn(node, targetNode.type, node.nameRange);
  }

  private propertyOn(node: Extract<AstNode, { kind: 'property' }>, target: TypingResult, range: SourceRange): TypingResult {
    const name = node.name;
    if (name === '') return this.record(node, { type: unknownType, targetType: target });
    if (target.kind === 'null') {
      if (node.safe) return this.record(node, { type: unknownType, targetType: target });
      this.error('IllegalPropertyAccessError', 'Property access on Null is not allowed', range);
      return this.record(node, { type: unknownType, targetType: target });
    }
    if (target.kind === 'unknown') {
      const methods = this.methodsOn(target, name).filter((method) => method.params.length === 0);
      if (methods[0]) return this.record(node, { type: this.resultType(methods[0], target, []), method: methods[0], targetType: target });
      if (this.context.config.methodExecutionForUnknownAllowed) return this.record(node, { type: unknownType, dynamic: true, targetType: target });
      this.error('IllegalPropertyAccessError', 'Property access on Unknown is not allowed', range);
      return this.record(node, { type: unknownType, dynamic: true, targetType: target });
    }
    if (target.kind === 'union') {
      const found = target.types.map((member) => this.memberProperty(member, name)).filter((result) => 'type' in result) as Array<{ type: TypingResult }>;
      if (found.length === 0) {
        this.error('NoPropertyError', `There is no property '${name}' in type: ${typeName(target)}`, range);
        return this.record(node, { type: unknownType, targetType: target });
      }
      return this.record(node, { type: unionType(...found.map((result) => result.type)), dynamic: true, targetType: target });
    }
    const result = this.memberProperty(target, name);
    if ('error' in result) {
      this.error(result.code, result.error, range);
      return this.record(node, { type: unknownType, targetType: target });
    }
    return this.record(node, { ...result, targetType: target });
  }

  /** A property of a single type: record field, getter/no-arg method, or map value. */
  private memberProperty(target: TypingResult, name: string): NodeTyping | { error: string; code: ExpressionErrorCode } {
    if (target.kind === 'record') {
      const field = target.fields.get(name);
      if (field !== undefined) return { type: field, mapKey: name };
    }
    const getterNames = [name, `get${name.charAt(0).toUpperCase()}${name.slice(1)}`, `is${name.charAt(0).toUpperCase()}${name.slice(1)}`];
    for (const candidate of getterNames) {
      const method = this.methodsOn(target, candidate).find((m) => m.params.length === 0);
      if (method) return { type: this.resultType(method, target, []), method };
    }
    const cls = classOf(target);
    if (target.kind !== 'record' && cls && (cls.className === 'java.util.Map' || cls.className === 'java.util.HashMap' || cls.className === 'java.util.LinkedHashMap')) {
      return { type: cls.params[1] ?? unknownType, mapKey: name };
    }
    if (this.methodsOn(target, name).length > 0) {
      const method = this.methodsOn(target, name)[0]!;
      return {
        code: 'ArgumentTypeError',
        error: `Mismatch parameter types. Found: ${name}(). Required: ${name}(${method.params.map((param) => typeName(param.type)).join(', ')})`,
      };
    }
    return { code: 'NoPropertyError', error: `There is no property '${name}' in type: ${typeName(target)}` };
  }

  private resultType(method: MethodDefinition, target: TypingResult, args: TypingResult[]): TypingResult {
    if (typeof method.result !== 'function') return method.result;
    const result = method.result(target, args);
    if ('error' in result && typeof result.error === 'string') {
      this.pendingResultError = result.error;
      return unknownType;
    }
    return result as TypingResult;
  }

  private pendingResultError: string | undefined;

  private methodCall(node: MethodCallNode, self: TypingResult | undefined): TypingResult {
    const argTypes = node.args.map((arg) => this.type(arg, self));
    let target: TypingResult;
    let candidates: readonly MethodDefinition[];
    let staticClass: string | undefined;
    if (node.target === null) {
      if (self === undefined) {
        this.error('UnresolvedReferenceError', `Non reference '${node.name}' occurred. Maybe you missed '#' in front of it?`, node.range);
        return this.record(node, { type: unknownType });
      }
      target = self;
    } else {
      target = this.type(node.target, self);
      staticClass = this.nodes.get(node.target)?.staticClass;
    }
    if (staticClass !== undefined) {
      candidates = this.context.registry.lookupStaticMethods(staticClass, node.name);
    } else if (target.kind === 'null') {
      if (node.safe) return this.record(node, { type: unknownType, targetType: target });
      this.error('IllegalInvocationError', 'Method invocation on Null is not allowed', node.nameRange);
      return this.record(node, { type: unknownType, targetType: target });
    } else if (target.kind === 'union') {
      const perMember = target.types.map((member) => this.methodsOn(member, node.name));
      if (perMember.every((methods) => methods.length > 0)) {
        const results = target.types.map((member, i) => this.matchMethod(perMember[i]!, member, argTypes));
        const matched = results.flatMap((result) => (result !== undefined && 'method' in result ? [result] : []));
        if (matched.length === results.length) {
          return this.record(node, { type: unionType(...matched.map((result) => result.type)), dynamic: true, targetType: target });
        }
      }
      return this.methodError(node, target, [], argTypes);
    } else {
      candidates = this.methodsOn(target, node.name);
    }
    if (candidates.length === 0) {
      if (target.kind === 'unknown') {
        if (this.context.config.methodExecutionForUnknownAllowed) return this.record(node, { type: unknownType, dynamic: true, targetType: target });
        this.error('IllegalInvocationError', 'Method invocation on Unknown is not allowed', node.nameRange);
        return this.record(node, { type: unknownType, dynamic: true, targetType: target });
      }
      if (staticClass === undefined ? !this.context.config.strictMethodsChecking : !this.context.config.staticMethodInvocationsChecking) {
        return this.record(node, { type: unknownType, dynamic: true, targetType: target });
      }
    }
    const match = this.matchMethod(candidates, target, argTypes);
    if (match && 'method' in match) {
      return this.record(node, {
        type: match.type,
        method: match.method,
        targetType: target,
        ...(match.conversions.size > 0 ? { argumentConversions: match.conversions } : {}),
      });
    }
    if (match && 'error' in match) {
      this.error(match.error.startsWith('Cannot cast or convert') ? 'IllegalConversionError' : 'ArgumentTypeError', match.error, node.range);
      return this.record(node, { type: unknownType, targetType: target });
    }
    return this.methodError(node, staticClass ? classType(staticClass) : target, candidates, argTypes);
  }

  private methodError(node: MethodCallNode, target: TypingResult, candidates: readonly MethodDefinition[], argTypes: TypingResult[]): TypingResult {
    if (candidates.length === 0) {
      this.error('UnknownMethodError', `Unknown method '${node.name}' in ${typeName(target)}`, node.nameRange);
    } else {
      const required = candidates.map((method) => `${node.name}(${method.params.map((param) => typeName(param.type) + (method.varArgs && param === method.params[method.params.length - 1] ? '...' : '')).join(', ')})`);
      this.error('ArgumentTypeError', `Mismatch parameter types. Found: ${node.name}(${argTypes.map(typeName).join(', ')}). Required: ${required.join(' or ')}`, node.range);
    }
    return this.record(node, { type: unknownType, targetType: target });
  }

  /** Picks the first overload the arguments fit (varargs aware). */
  private matchMethod(
    candidates: readonly MethodDefinition[],
    target: TypingResult,
    argTypes: TypingResult[],
  ): { method: MethodDefinition; type: TypingResult; conversions: Map<number, string> } | { error: string } | undefined {
    const registry = this.context.registry;
    for (const method of candidates) {
      const params = method.params;
      const fixed = method.varArgs ? params.length - 1 : params.length;
      if (method.varArgs ? argTypes.length < fixed : argTypes.length !== fixed) continue;
      const conversions = new Map<number, string>();
      let fits = true;
      for (let i = 0; i < argTypes.length && fits; i++) {
        const expected = i < fixed ? params[i]!.type : params[params.length - 1]!.type;
        const actual = argTypes[i]!;
        if (!argumentFits(actual, expected, registry)) {
          fits = false;
          break;
        }
        const expectedClass = classOf(expected)?.className;
        if (expectedClass && isStringConvertibleClass(expectedClass) && classOf(actual)?.className === 'java.lang.String') {
          conversions.set(i, expectedClass);
          const known = knownValueOf(actual);
          if (known && typeof known.value === 'string' && !convertValueTo(known.value, expectedClass).ok) {
            return { error: `Cannot convert '${known.value}' to ${simpleClassName(expectedClass)}: the string literal conversion cannot succeed` };
          }
        }
      }
      if (!fits) continue;
      this.pendingResultError = undefined;
      const type = this.resultType(method, target, argTypes);
      if (this.pendingResultError !== undefined) return { error: this.pendingResultError };
      return { method, type, conversions };
    }
    return undefined;
  }

  private constructorCall(node: Extract<AstNode, { kind: 'constructor' }>, self: TypingResult | undefined): TypingResult {
    const argTypes = node.args.map((arg) => this.type(arg, self));
    if (node.isArray) {
      this.error('ArrayConstructorError', 'Array constructor is not supported', node.range);
      return this.record(node, { type: unknownType });
    }
    const registry = this.context.registry;
    const className = resolveTypeName(registry, node.typeName) ?? resolveTypeName(registry, `java.lang.${node.typeName}`);
    const constructors = className ? registry.getClass(className)?.constructors ?? [] : [];
    if (className === undefined || constructors.length === 0) {
      this.error('ConstructorError', `Cannot create instance of unknown class ${node.typeName}`, node.range);
      return this.record(node, { type: unknownType });
    }
    const match = this.matchMethod(constructors, classType(className), argTypes);
    if (match && 'method' in match) return this.record(node, { type: classType(className), method: match.method });
    this.error('ArgumentTypeError', `Mismatch parameter types. Found: ${simpleClassName(className)}(${argTypes.map(typeName).join(', ')}). Required: ${constructors.map((c) => `${simpleClassName(className)}(${c.params.map((p) => typeName(p.type)).join(', ')})`).join(' or ')}`, node.range);
    return this.record(node, { type: classType(className) });
  }

  // ----- indexing, selection, projection -----

  private indexer(node: Extract<AstNode, { kind: 'indexer' }>, self: TypingResult | undefined): TypingResult {
    const target = node.target === null ? self ?? unknownType : this.type(node.target, self);
    const index = node.index;
    // `record[field]`: a bare identifier inside brackets is the key itself, as Spring's Indexer reads it.
    const bareKey = index.kind === 'property' && index.target === null ? index.name : undefined;
    const indexType = bareKey !== undefined ? valueType(STRING, bareKey) : this.type(index, self);
    if (bareKey !== undefined) this.nodes.set(index, { type: indexType });
    const known = knownValueOf(indexType);
    const dynamicAllowed = this.context.config.dynamicPropertyAccessAllowed;
    if (target.kind === 'null') {
      this.error('IllegalIndexingOperation', 'Cannot do indexing here', node.range);
      return this.record(node, { type: unknownType, targetType: target });
    }
    if (target.kind === 'unknown' || target.kind === 'union') return this.record(node, { type: unknownType, dynamic: true, targetType: target });
    if (target.kind === 'record') {
      if (known && typeof known.value === 'string') {
        const field = target.fields.get(known.value);
        if (field !== undefined) return this.record(node, { type: field, mapKey: known.value, targetType: target });
        if (!dynamicAllowed) this.error('NoPropertyError', `There is no property '${known.value}' in type: ${typeName(target)}`, index.range);
        return this.record(node, { type: unknownType, targetType: target });
      }
      if (!dynamicAllowed && indexType.kind !== 'unknown') {
        this.error('DynamicPropertyAccessError', 'Dynamic property access is not allowed', index.range);
      }
      return this.record(node, { type: unknownType, targetType: target });
    }
    const cls = classOf(target)!;
    if (['java.util.List', 'java.util.ArrayList', ARRAY_CLASS_NAME].includes(cls.className)) {
      if (!isIntegralIndex(indexType)) {
        this.error('IllegalIndexingOperation', 'Cannot do indexing here', index.range);
      }
      return this.record(node, { type: withoutValueIfList(cls.params[0] ?? unknownType), targetType: target });
    }
    if (['java.util.Map', 'java.util.HashMap', 'java.util.LinkedHashMap'].includes(cls.className)) {
      return this.record(node, { type: cls.params[1] ?? unknownType, targetType: target });
    }
    if (!dynamicAllowed) this.error('IllegalIndexingOperation', 'Cannot do indexing here', node.range);
    return this.record(node, { type: unknownType, dynamic: true, targetType: target });
  }

  /** The element type of a collection-like type, or undefined when it cannot be iterated. */
  private elementType(target: TypingResult): TypingResult | undefined {
    if (target.kind === 'unknown' || target.kind === 'union') return unknownType;
    if (target.kind === 'record') {
      return recordType({ key: STRING, value: withoutValue(target.objType.params[1] ?? unknownType) });
    }
    const cls = classOf(target);
    if (!cls) return undefined;
    if (['java.util.List', 'java.util.ArrayList', 'java.util.Set', 'java.util.HashSet', 'java.util.Collection', ARRAY_CLASS_NAME].includes(cls.className)) {
      return withoutValue(cls.params[0] ?? unknownType);
    }
    if (['java.util.Map', 'java.util.HashMap', 'java.util.LinkedHashMap'].includes(cls.className)) {
      return recordType({ key: cls.params[0] ?? unknownType, value: cls.params[1] ?? unknownType });
    }
    return undefined;
  }

  private selectionOrProjection(node: Extract<AstNode, { kind: 'selection' | 'projection' }>, self: TypingResult | undefined): TypingResult {
    const target = node.target === null ? self ?? unknownType : this.type(node.target, self);
    const inner = node.kind === 'selection' ? node.condition : node.expression;
    if (target.kind === 'null') {
      this.type(inner, unknownType);
      this.error('IllegalProjectionSelectionError', `Cannot do projection/selection on ${typeName(target)}`, node.range);
      return this.record(node, { type: unknownType, targetType: target });
    }
    const element = this.elementType(target);
    if (element === undefined) {
      this.type(inner, unknownType);
      this.error('IllegalProjectionSelectionError', `Cannot do projection/selection on ${typeName(target)}`, node.range);
      return this.record(node, { type: unknownType, targetType: target });
    }
    const innerType = this.type(inner, element);
    const plainTarget = withoutValue(target);
    const cls = classOf(plainTarget);
    const isMap = plainTarget.kind === 'record' || (cls !== undefined && ['java.util.Map', 'java.util.HashMap', 'java.util.LinkedHashMap'].includes(cls.className));
    if (node.kind === 'projection') {
      const projected = withoutValue(innerType);
      if (cls?.className === ARRAY_CLASS_NAME) return this.record(node, { type: arrayType(projected), targetType: target });
      return this.record(node, { type: listType(projected), targetType: target });
    }
    if (!this.isBooleanLike(innerType)) {
      this.error('IllegalSelectionTypeError', `Wrong selection type: List(${typeName(innerType)})`, inner.range);
    }
    // `.^[]`/`.$[]` give the element (a `{key, value}` entry for maps); `.?[]` on any map gives an empty record.
    if (node.mode !== 'all') return this.record(node, { type: element, targetType: target });
    if (isMap) return this.record(node, { type: recordType({}), targetType: target });
    if (target.kind === 'unknown' || target.kind === 'union') return this.record(node, { type: unknownType, targetType: target });
    return this.record(node, { type: plainTarget, targetType: target });
  }

  private inlineList(node: Extract<AstNode, { kind: 'inlineList' }>, self: TypingResult | undefined): TypingResult {
    const types = node.items.map((item) => this.type(item, self));
    if (types.length === 0) return this.record(node, { type: listType(unknownType) });
    const element = types.reduce((acc, type) => commonSupertype(acc, type, this.context.registry));
    const values = types.map(knownElementValue);
    const plainElement = withoutValue(element);
    if (values.every((known) => known !== undefined)) {
      return this.record(node, { type: valueType(listType(plainElement), values.map((known) => known!.value)) });
    }
    return this.record(node, { type: listType(plainElement) });
  }

  // ----- operators -----

  private binary(node: BinaryNode, self: TypingResult | undefined): TypingResult {
    const left = this.type(node.left, self);
    if (node.operator === 'instanceof') {
      if (node.right.kind !== 'typeReference') {
        this.type(node.right, self);
        this.error('BadOperatorConstructionError', "Bad 'instanceof' operator construction", node.right.range);
      } else {
        this.type(node.right, self);
      }
      return this.record(node, { type: BOOLEAN });
    }
    const right = this.type(node.right, self);
    const op = node.operator;
    const fold = (compute: (a: unknown, b: unknown) => unknown, resultClass: (value: unknown) => TypedClass): TypingResult | undefined => {
      const a = knownValueOf(left);
      const b = knownValueOf(right);
      if (!a || !b || left.kind === 'null' || right.kind === 'null') return undefined;
      try {
        const value = compute(a.value, b.value);
        return valueType(resultClass(value), value);
      } catch (error) {
        if (isJavaRuntimeError(error)) return undefined;
        throw error;
      }
    };
    switch (op) {
      case '+': {
        if (left.kind === 'unknown' || right.kind === 'unknown') return this.record(node, { type: unknownType });
        if (isString(left) || isString(right)) {
          return this.record(node, { type: fold((a, b) => javaToString(a) + javaToString(b), () => STRING) ?? STRING });
        }
        if (isNumberType(left) && isNumberType(right)) return this.record(node, { type: this.arithmetic(left, right, addAs) });
        this.error('OperatorMismatchTypeError', `Operator '+' used with mismatch types: ${typeName(left)} and ${typeName(right)}`, node.operatorRange);
        return this.record(node, { type: unknownType });
      }
      case '-':
      case '*':
      case '/':
      case '%': {
        if (!this.numericOperands(op, left, right, node)) return this.record(node, { type: left.kind === 'unknown' || right.kind === 'unknown' ? unknownType : unknownType });
        if (left.kind === 'unknown' || right.kind === 'unknown') return this.record(node, { type: unknownType });
        const divisor = knownValueOf(right);
        if ((op === '/' || op === '%') && divisor && numberKindOf(divisor.value) !== undefined && isZero(divisor.value)) {
          this.error(op === '/' ? 'DivisionByZeroError' : 'ModuloZeroError', op === '/' ? `Division by zero: ${this.sourceOf(node)}` : `Taking remainder modulo zero: ${this.sourceOf(node)}`, node.right.range);
          return this.record(node, { type: promoteNumberTypes(withoutValue(left), withoutValue(right)) });
        }
        const operation = op === '-' ? subtractAs : op === '*' ? multiplyAs : op === '/' ? divideAs : remainderAs;
        return this.record(node, { type: this.arithmetic(left, right, operation) });
      }
      case '^': {
        if (!this.numericOperands(op, left, right, node)) return this.record(node, { type: unknownType });
        if (left.kind === 'unknown' || right.kind === 'unknown') return this.record(node, { type: unknownType });
        const folded = fold(javaPower, (value) => classType(javaClassName(value)));
        if (folded) return this.record(node, { type: folded });
        const ka = numberKindOfType(left);
        const kb = numberKindOfType(right);
        let type: TypingResult;
        if (ka === 'BigDecimal' || ka === 'BigInteger') type = classType(classOf(left)!.className);
        else if (ka === 'Double' || ka === 'Float' || kb === 'Double' || kb === 'Float' || kb === 'BigDecimal') type = Types.Double;
        else if (ka === 'Long' || kb === 'Long') type = Types.Long;
        else if (ka === undefined || kb === undefined) type = classType('java.lang.Number');
        else type = unionType(Types.Integer, Types.Long);
        return this.record(node, { type });
      }
      case '==':
      case '!=': {
        if (!this.comparable(left, right)) {
          this.error('OperatorNotComparableError', `Operator '${op}' used with not comparable types: ${typeName(left)} and ${typeName(right)}`, node.operatorRange);
          return this.record(node, { type: BOOLEAN });
        }
        const folded = fold((a, b) => spelEquals(a, b) === (op === '=='), () => BOOLEAN);
        const bothNull = left.kind === 'null' && right.kind === 'null';
        return this.record(node, { type: folded ?? (bothNull ? valueType(BOOLEAN, op === '==') : BOOLEAN) });
      }
      case '<':
      case '>':
      case '<=':
      case '>=': {
        if (!this.numericOrderable(left, right)) {
          // Nussknacker types the ordering operators as functions of two Numbers: Strings, dates and other
          // Comparables are refused (`'b' > 'a'`), with its "Wrong part types".
          this.error('PartTypeError', 'Wrong part types', node.operatorRange);
          return this.record(node, { type: BOOLEAN });
        }
        const folded = fold((a, b) => {
          const c = compareIfComparable(a, b);
          if (c === undefined) throw new JavaRuntimeError('NotComparable', 'not comparable');
          return op === '<' ? c < 0 : op === '>' ? c > 0 : op === '<=' ? c <= 0 : c >= 0;
        }, () => BOOLEAN);
        return this.record(node, { type: folded ?? BOOLEAN });
      }
      case '&&':
      case '||': {
        for (const [side, type] of [[node.left, left], [node.right, right]] as const) {
          if (!this.isBooleanLike(type) && type.kind !== 'null') {
            this.error('OperatorMismatchTypeError', `Operator '${op === '&&' ? 'and' : 'or'}' used with non boolean type: ${typeName(type)}`, side.range);
          }
        }
        const folded = fold((a, b) => (op === '&&' ? a === true && b === true : a === true || b === true), () => BOOLEAN);
        return this.record(node, { type: folded ?? BOOLEAN });
      }
      case 'matches': {
        for (const [side, type] of [[node.left, left], [node.right, right]] as const) {
          if (type.kind !== 'unknown' && type.kind !== 'null' && !isString(type)) {
            this.error('OperatorMismatchTypeError', `Operator 'matches' used with non string type: ${typeName(type)}`, side.range);
          }
        }
        return this.record(node, { type: BOOLEAN });
      }
      case 'between': {
        const isPair = node.right.kind === 'inlineList' && node.right.items.length === 2;
        if (!isPair && right.kind !== 'unknown') {
          this.error('BadOperatorConstructionError', "Bad 'between' operator construction", node.right.range);
        } else if (isPair && node.right.kind === 'inlineList') {
          for (const bound of node.right.items) {
            const boundType = this.nodes.get(bound)?.type ?? unknownType;
            if (!this.orderable(left, boundType)) {
              this.error('OperatorNotComparableError', `Operator 'between' used with not comparable types: ${typeName(left)} and ${typeName(boundType)}`, bound.range);
            }
          }
        }
        return this.record(node, { type: BOOLEAN });
      }
    }
  }

  private numericOperands(op: string, left: TypingResult, right: TypingResult, node: BinaryNode): boolean {
    const bad = [left, right].find((type) => type.kind !== 'unknown' && !isNumberType(type));
    if (bad) {
      this.error('OperatorNonNumericError', `Operator '${op}' used with non numeric type: ${typeName(bad)}`, node.operatorRange);
      return false;
    }
    return true;
  }

  private arithmetic(left: TypingResult, right: TypingResult, operation: (kind: NumberKind, a: unknown, b: unknown) => unknown): TypingResult {
    const promoted = promoteNumberTypes(withoutValue(left), withoutValue(right));
    const a = knownValueOf(left);
    const b = knownValueOf(right);
    const ka = numberKindOfType(left);
    const kb = numberKindOfType(right);
    if (a && b && ka && kb) {
      try {
        const value = operation(promoteNumberKinds(ka, kb), a.value, b.value);
        return valueType(promoted, value);
      } catch (error) {
        if (!isJavaRuntimeError(error)) throw error;
      }
    }
    return promoted;
  }

  private comparable(left: TypingResult, right: TypingResult): boolean {
    if (left.kind === 'unknown' || right.kind === 'unknown' || left.kind === 'null' || right.kind === 'null') return true;
    if (isNumberType(left) && isNumberType(right)) return true;
    const a = withoutValue(left);
    const b = withoutValue(right);
    const registry = this.context.registry;
    return canBeSubclassOf(a, b, registry) || canBeSubclassOf(b, a, registry);
  }

  private orderable(left: TypingResult, right: TypingResult): boolean {
    if (left.kind === 'unknown' || right.kind === 'unknown' || left.kind === 'union' || right.kind === 'union') return true;
    if (left.kind === 'null' || right.kind === 'null') return false;
    if (isNumberType(left) && isNumberType(right)) return true;
    const a = classOf(left)?.className;
    const b = classOf(right)?.className;
    if (a === undefined || a !== b) return false;
    return this.context.registry.isSubclass(a, 'java.lang.Comparable');
  }

  /** Operands of `<`, `>`, `<=`, `>=`: numbers (or Unknown), as Nussknacker types these operators. */
  private numericOrderable(left: TypingResult, right: TypingResult): boolean {
    if (left.kind === 'unknown' || right.kind === 'unknown' || left.kind === 'union' || right.kind === 'union') return true;
    return isNumberType(left) && isNumberType(right);
  }

  private unary(node: Extract<AstNode, { kind: 'unary' }>, self: TypingResult | undefined): TypingResult {
    const operand = this.type(node.operand, self);
    if (node.operator === '!') {
      if (!this.isBooleanLike(operand)) {
        this.error('OperatorMismatchTypeError', `Operator '!' used with non boolean type: ${typeName(operand)}`, node.range);
        return this.record(node, { type: BOOLEAN });
      }
      const known = knownValueOf(operand);
      return this.record(node, { type: known && typeof known.value === 'boolean' ? valueType(BOOLEAN, !known.value) : BOOLEAN });
    }
    if (operand.kind === 'unknown') return this.record(node, { type: unknownType });
    if (!isNumberType(operand)) {
      this.error('OperatorNonNumericError', `Operator '${node.operator}' used with non numeric type: ${typeName(operand)}`, node.range);
      return this.record(node, { type: unknownType });
    }
    const known = knownValueOf(operand);
    if (node.operator === '-' && known && numberKindOf(known.value) !== undefined) {
      return this.record(node, { type: valueType(classOf(operand)!, javaNegate(known.value)) });
    }
    if (node.operator === '+') return this.record(node, { type: operand });
    return this.record(node, { type: withoutValue(operand) });
  }
}

/** A static field's type with its value known when it is a scalar of that class (`Integer(2147483647)`). */
function staticFieldType(declared: TypingResult, value: unknown): TypingResult {
  if (declared.kind !== 'class') return declared;
  const actual = typeOfValue(value);
  return actual.kind === 'value' && actual.underlying.kind === 'class' && actual.underlying.className === declared.className ? actual : declared;
}

function isString(type: TypingResult): boolean {
  return classOf(type)?.className === 'java.lang.String';
}

function isIntegralIndex(type: TypingResult): boolean {
  if (type.kind === 'unknown') return true;
  const kind = numberKindOfType(type);
  return kind === 'Integer' || kind === 'Long' || kind === 'Short' || kind === 'Byte';
}

function isZero(value: unknown): boolean {
  const kind = numberKindOf(value);
  if (kind === 'Integer') return value === 0;
  if (kind === 'Long') return value === 0n;
  if (kind === 'BigDecimal') return (value as { isZero(): boolean }).isZero();
  if (kind === 'BigInteger') return (value as { value: bigint }).value === 0n;
  return (value as { value: number }).value === 0;
}

function withoutValueIfList(type: TypingResult): TypingResult {
  return withoutValue(type);
}

function javaClassName(value: unknown): string {
  const kind = numberKindOf(value);
  if (kind === 'BigDecimal' || kind === 'BigInteger') return `java.math.${kind}`;
  return kind ? `java.lang.${kind}` : 'java.lang.Object';
}

/**
 * The known value of an inline list element. A record whose fields are all known counts as known (a Map), as
 * Nussknacker's records have a value then: `{{k: 'a'}}` is `List[Record{k: String}]({{k=a}})`.
 */
function knownElementValue(type: TypingResult): { value: unknown } | undefined {
  if (type.kind !== 'record') return knownValueOf(type);
  const map = new Map<string, unknown>();
  for (const [name, field] of type.fields) {
    const known = knownElementValue(field);
    if (known === undefined) return undefined;
    map.set(name, known.value);
  }
  return { value: map };
}
