import type { AstNode, BinaryNode, SourceRange, TemplateNode } from '../ast/nodes';
import { invokeMethod, numberKindOfClassName, type ClassRegistry, type MethodDefinition } from '@scenaria/typing';
import { castNumber, compileJavaMatcher, JavaDouble, javaNegate, javaPower, numberKindOf, spelEquals, type JavaMatcher } from '@scenaria/typing/runtime';
import { addAs, divideAs, multiplyAs, remainderAs, subtractAs } from '../internal/kind-arithmetic';
import { describeValue, registryClassOf, StaticClassRef } from '../internal/spel-values';
import { classOf } from '../internal/types';
import type { NodeTyping } from '../typer/typer';
import { literalRuntimeValue } from '../typer/typer';
import { activeBudget, type Budget } from './budget';
import {
  NO_ARGS, chargeScan, compareOrFail, convertArgument, entriesToMap, fail, genericArithmetic, genericPlus, invokeCharged, invokeMetered, matchesPattern, operatorMismatch, plainDouble, textOf,
  toEvaluationError, valueMismatch, widenArgument,
} from './runtime-helpers';
import { constantValueOf, isIntegral, isMeteredCall, isPlainKind, nodeNeedsBudget, staticKindOf, stepsPerElement, type StaticKind } from './static-facts';

/** Evaluation state passed to every closure: the caller's variables, read as own properties. */
export type EvalState = Readonly<Record<string, unknown>>;

/** A compiled node: called with the state and the current object (`#this`). */
export type Compiled = (state: EvalState, self: unknown) => unknown;

/**
 * Compiles a typed tree into a closure tree once; evaluation then only calls closures. Operators are
 * specialised on the static types the typer found (Integer + Integer is `(a + b) | 0`), and members are
 * bound to their registry definitions, which are the only code an expression can reach.
 */
export class Compiler {
  constructor(
    private readonly nodes: Map<AstNode, NodeTyping>,
    private readonly registry: ClassRegistry,
    /** Values of helper globals, used when the caller's variables do not define the name. */
    private readonly globalValues: Readonly<Record<string, unknown>> = {},
  ) {}

  private kindOf(node: AstNode): StaticKind {
    return staticKindOf(this.nodes, node);
  }

  private constantOf(node: AstNode): unknown {
    return constantValueOf(this.nodes, node);
  }

  compile(node: AstNode): Compiled {
    const typing = this.nodes.get(node);
    if (nodeNeedsBudget(node, typing)) this.needsBudget = true;
    // Constant folding: the typer already computed scalar known values; lists are frozen so sharing is safe.
    const known = this.constantOf(node);
    if (known !== undefined) {
      const constant = Array.isArray(known) ? Object.freeze([...known]) : known;
      return () => constant;
    }
    switch (node.kind) {
      case 'literal': {
        const value = literalRuntimeValue(node);
        return () => value;
      }
      case 'variable':
        if (typing?.currentObject) return (_state, self) => self;
        return this.variable(node.name);
      case 'property':
        return this.property(node);
      case 'methodCall':
        return this.methodCall(node);
      case 'indexer':
        return this.indexer(node);
      case 'selection':
        return this.selection(node);
      case 'projection':
        return this.projection(node);
      case 'inlineList': {
        // Literals are charged by the loop that builds them again and again (`stepsPerElement`); outside loops
        // an expression's text bounds them.
        const items = node.items.map((item) => this.compile(item));
        return (state, self) => items.map((item) => item(state, self));
      }
      case 'inlineMap': {
        const entries = node.entries.map((entry) => [entry.key ?? '', this.compile(entry.value)] as const);
        return (state, self) => {
          const map = new Map<string, unknown>();
          for (const [key, value] of entries) map.set(key, value(state, self));
          return map;
        };
      }
      case 'typeReference': {
        const ref = new StaticClassRef(typing?.staticClass ?? node.typeName);
        return () => ref;
      }
      case 'constructor': {
        const method = typing?.method;
        if (!method) return () => fail('IllegalAccess', `Cannot create ${node.typeName}`, node.range);
        const args = this.compileArguments(node.args, method, typing);
        return (state, self) => this.invoke(method, null, args(state, self), node.range);
      }
      case 'binary':
        return this.binary(node);
      case 'unary':
        return this.unary(node);
      case 'ternary': {
        const condition = this.compile(node.condition);
        const whenTrue = this.compile(node.whenTrue);
        const whenFalse = this.compile(node.whenFalse);
        const range = node.condition.range;
        return (state, self) => {
          const test = condition(state, self);
          if (test === true) return whenTrue(state, self);
          if (test === false) return whenFalse(state, self);
          throw valueMismatch.ternaryCondition(test, range);
        };
      }
      case 'elvis': {
        const value = this.compile(node.value);
        const fallback = this.compile(node.fallback);
        // Spring's elvis treats an empty String like null.
        return (state, self) => {
          const result = value(state, self);
          return result === null || result === undefined || result === '' ? fallback(state, self) : result;
        };
      }
      default:
        // The typer rejects every other node (assignment, bean references, functions, holes), so a
        // compiled expression never contains one.
        throw new Error(`Cannot compile an expression node of kind '${node.kind}'`);
    }
  }

  private variable(name: string): Compiled {
    const fallback = Object.hasOwn(this.globalValues, name) ? (this.globalValues[name] ?? null) : null;
    // A name that Object.prototype also has (`constructor`, `toString`...) must be read as an own property
    // only; every other name can be read directly, which is what keeps variable access cheap.
    if (name in Object.prototype) {
      return (state) => (Object.hasOwn(state, name) ? (state[name] ?? null) : fallback);
    }
    return (state) => {
      const value = state[name];
      return value === undefined ? fallback : value;
    };
  }

  private target(node: AstNode | null): Compiled {
    return node === null ? (_state, self) => self : this.compile(node);
  }

  /**
   * Whether the compiled tree can loop or call registry code (selection, projection, methods, dynamic
   * members, templates). Trees that cannot are evaluated without installing a budget.
   */
  needsBudget = false;

  /** Whether member calls count as steps (set once compiled: false when no budget is installed). */
  countCalls = true;

  /** The expression's own budget: costs that must be paid without an installed budget go to it. */
  meter: Budget | undefined;

  private invoke(method: MethodDefinition, target: unknown, args: unknown[], range: SourceRange): unknown {
    try {
      if (this.countCalls) return invokeCharged(method, target, args);
      if (this.meter !== undefined && isMeteredCall(method)) return invokeMetered(method, this.meter, target, args);
      // Variadic methods take their tail packed into one array (typing's convention).
      const result = method.varArgs ? invokeMethod(method, target, args) : method.invoke(target, args);
      return result === undefined ? null : result;
    } catch (error) {
      throw toEvaluationError(error, range);
    }
  }

  private property(node: Extract<AstNode, { kind: 'property' }>): Compiled {
    const typing = this.nodes.get(node);
    const range = node.nameRange;
    const name = node.name;
    const safe = node.safe;
    if (typing?.staticValue) {
      const value = typing.staticValue.value;
      return () => value;
    }
    const target = this.target(node.target);
    const isStatic = node.target !== null && this.nodes.get(node.target)?.staticClass !== undefined;
    const method = typing?.method;
    const nullTarget = (): null => (safe ? null : fail('NullNavigation', `Cannot read property '${name}' of null`, range));
    if (method && isStatic) return (state, self) => (target(state, self), this.invoke(method, null, NO_ARGS, range));
    if (typing?.mapKey !== undefined && !typing.dynamic) {
      const key = typing.mapKey;
      const targetNode = node.target;
      // `#variable.field`, the most common shape in scenarios: read the variable and the field in one closure.
      if (targetNode?.kind === 'variable' && !this.nodes.get(targetNode)?.currentObject && !(targetNode.name in Object.prototype)) {
        const variableName = targetNode.name;
        const fallback = Object.hasOwn(this.globalValues, variableName) ? (this.globalValues[variableName] ?? null) : null;
        return (state) => {
          let value = state[variableName];
          if (value === undefined) value = fallback;
          if (value === null) return nullTarget();
          if (value instanceof Map) {
            const field = value.get(key);
            return field === undefined ? null : field;
          }
          return this.dynamicProperty(value, name, range);
        };
      }
      return (state, self) => {
        const value = target(state, self);
        if (value === null || value === undefined) return nullTarget();
        if (value instanceof Map) {
          const field = value.get(key);
          return field === undefined ? null : field;
        }
        return this.dynamicProperty(value, name, range);
      };
    }
    if (method && !typing?.dynamic) {
      return (state, self) => {
        const value = target(state, self);
        if (value === null || value === undefined) return nullTarget();
        return this.invoke(method, value, NO_ARGS, range);
      };
    }
    return (state, self) => {
      const value = target(state, self);
      if (value === null || value === undefined) return nullTarget();
      return this.dynamicProperty(value, name, range);
    };
  }

  /** Property access resolved on the runtime class (Unknown or union targets): map key or registry getter. */
  dynamicProperty(value: unknown, name: string, range: SourceRange): unknown {
    if (value instanceof Map && value.has(name)) return value.get(name) ?? null;
    const className = registryClassOf(value);
    const capitalised = name.charAt(0).toUpperCase() + name.slice(1);
    for (const candidate of [name, `get${capitalised}`, `is${capitalised}`]) {
      const method = this.registry.lookupMethods(className, candidate).find((m) => m.params.length === 0);
      if (method) return this.invoke(method, value, NO_ARGS, range);
    }
    if (value instanceof Map) return null;
    return fail('IllegalAccess', `There is no property '${name}' in ${className}`, range);
  }

  private compileArguments(args: AstNode[], method: MethodDefinition, typing: NodeTyping | undefined): (state: EvalState, self: unknown) => unknown[] {
    const compiled = args.map((arg, i) => {
      const closure = this.compile(arg);
      const param = method.params[Math.min(i, method.params.length - 1)];
      const conversion = typing?.argumentConversions?.get(i);
      if (conversion) return (state: EvalState, self: unknown) => convertArgument(closure(state, self), conversion, arg.range);
      // Java widens numeric arguments to the declared parameter class (an Integer passed as a Long).
      const paramKind = param ? numberKindOfClassName(classOf(param.type)?.className ?? '') : undefined;
      const argKind = this.kindOf(arg);
      if (paramKind && argKind !== 'String' && argKind !== paramKind) {
        return (state: EvalState, self: unknown) => widenArgument(closure(state, self), paramKind);
      }
      return closure;
    });
    switch (compiled.length) {
      case 0:
        return () => [];
      case 1: {
        const [a] = compiled as [Compiled];
        return (state, self) => [a(state, self)];
      }
      case 2: {
        const [a, b] = compiled as [Compiled, Compiled];
        return (state, self) => [a(state, self), b(state, self)];
      }
      default:
        return (state, self) => compiled.map((arg) => arg(state, self));
    }
  }

  private methodCall(node: Extract<AstNode, { kind: 'methodCall' }>): Compiled {
    const typing = this.nodes.get(node);
    const range = node.nameRange;
    const name = node.name;
    const safe = node.safe;
    const target = this.target(node.target);
    const isStatic = node.target !== null && this.nodes.get(node.target)?.staticClass !== undefined;
    const method = typing?.method;
    if (method && !typing?.dynamic) {
      const args = this.compileArguments(node.args, method, typing);
      if (isStatic) return (state, self) => this.invoke(method, null, args(state, self), node.range);
      return (state, self) => {
        const value = target(state, self);
        if (value === null || value === undefined) return safe ? null : fail('NullNavigation', `Method '${name}' called on null`, range);
        return this.invoke(method, value, args(state, self), node.range);
      };
    }
    const args = node.args.map((arg) => this.compile(arg));
    return (state, self) => {
      const value = target(state, self);
      if (value === null || value === undefined) return safe ? null : fail('NullNavigation', `Method '${name}' called on null`, range);
      const values = args.map((arg) => arg(state, self));
      const candidates = value instanceof StaticClassRef
        ? this.registry.lookupStaticMethods(value.className, name)
        : this.registry.lookupMethods(registryClassOf(value), name);
      const found = candidates.find((m) => (m.varArgs ? values.length >= m.params.length - 1 : values.length === m.params.length));
      if (!found) return fail('IllegalAccess', `Unknown method '${name}' in ${registryClassOf(value)}`, range);
      return this.invoke(found, value instanceof StaticClassRef ? null : value, values, node.range);
    };
  }

  private indexer(node: Extract<AstNode, { kind: 'indexer' }>): Compiled {
    const target = this.target(node.target);
    const index = node.index;
    const bareKey = index.kind === 'property' && index.target === null ? index.name : undefined;
    const key: Compiled = bareKey !== undefined ? () => bareKey : this.compile(index);
    const range = node.range;
    const constantIndex = bareKey === undefined ? this.constantOf(index) : undefined;
    if (typeof constantIndex === 'number' && constantIndex >= 0) {
      // `#list[42]`: a list read needs no index checks beyond the length; other targets take the general path.
      const general = this.indexInto(key, range);
      return (state, self) => {
        const value = target(state, self);
        if (Array.isArray(value) && constantIndex < value.length) return value[constantIndex] ?? null;
        return general(value, state, self);
      };
    }
    const general = this.indexInto(key, range);
    return (state, self) => general(target(state, self), state, self);
  }

  /** Indexing of an already evaluated target (`list[i]`, `map[key]`, `text[i]`, `record[field]`). */
  private indexInto(key: Compiled, range: SourceRange): (value: unknown, state: EvalState, self: unknown) => unknown {
    return (value, state, self) => {
      if (value === null || value === undefined) return fail('NullNavigation', 'Cannot index into null', range);
      return this.indexValue(value, key(state, self), range);
    };
  }

  /** Reads `value[at]` of a non-null target: list element, map entry, character or record field. */
  indexValue(value: unknown, at: unknown, range: SourceRange): unknown {
    if (Array.isArray(value)) {
      const kind = numberKindOf(at);
      if (kind !== 'Integer' && kind !== 'Long' && kind !== 'Short' && kind !== 'Byte') return fail('TypeMismatch', `Cannot index a list with ${describeValue(at)}`, range);
      const i = Number(at);
      if (i < 0 || i >= value.length) return fail('IndexOutOfRange', `Index ${i} out of bounds for length ${value.length}`, range);
      return value[i] ?? null;
    }
    if (value instanceof Map) {
      if (value.has(at)) return value.get(at) ?? null;
      if (typeof at !== 'string') for (const [candidate, entry] of value) if (spelEquals(candidate, at)) return entry;
      return null;
    }
    if (typeof value === 'string' && typeof at === 'number') {
      if (at < 0 || at >= value.length) return fail('IndexOutOfRange', `Index ${at} out of bounds for length ${value.length}`, range);
      return value[at];
    }
    if (typeof at === 'string') return this.dynamicProperty(value, at, range);
    return fail('TypeMismatch', `Cannot index into ${registryClassOf(value)}`, range);
  }

  elements(value: unknown, range: SourceRange, what: string): { items: unknown[]; fromMap: boolean } {
    if (Array.isArray(value)) return { items: value, fromMap: false };
    if (value instanceof Set) return { items: [...value], fromMap: false };
    if (value instanceof Map) {
      activeBudget().checkSize(value.size);
      const items: unknown[] = [];
      for (const [key, entry] of value) items.push(new Map<string, unknown>([['key', key], ['value', entry]]));
      return { items, fromMap: true };
    }
    return fail('TypeMismatch', `Cannot do ${what} on ${registryClassOf(value)}`, range);
  }

  private selection(node: Extract<AstNode, { kind: 'selection' }>): Compiled {
    const target = this.target(node.target);
    const condition = this.compile(node.condition);
    const { range, safe, mode } = node;
    const conditionRange = node.condition.range;
    const steps = stepsPerElement(node.condition);
    const test = (state: EvalState, item: unknown): boolean => {
      const result = condition(state, item);
      if (result === true) return true;
      if (result === false) return false;
      throw valueMismatch.selectionPredicate(result, conditionRange);
    };
    return (state, self) => {
      const value = target(state, self);
      if (value === null || value === undefined) return safe ? null : fail('NullNavigation', 'Cannot do selection on null', range);
      const { items, fromMap } = this.elements(value, range, 'selection');
      activeBudget().step(items.length * steps);
      // On maps the typer types `.^[]`/`.$[]` as the `{key, value}` entry, so the entry itself is returned.
      if (mode === 'first') {
        for (const item of items) if (test(state, item)) return item;
        return null;
      }
      if (mode === 'last') {
        for (let i = items.length - 1; i >= 0; i--) if (test(state, items[i])) return items[i];
        return null;
      }
      const selected: unknown[] = [];
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        const result = condition(state, item);
        if (result === true) selected.push(item);
        else if (result !== false) test(state, item);
      }
      if (fromMap) return entriesToMap(selected);
      return value instanceof Set ? new Set(selected) : selected;
    };
  }

  private projection(node: Extract<AstNode, { kind: 'projection' }>): Compiled {
    const target = this.target(node.target);
    const expression = this.compile(node.expression);
    const { range, safe } = node;
    const steps = stepsPerElement(node.expression);
    return (state, self) => {
      const value = target(state, self);
      if (value === null || value === undefined) return safe ? null : fail('NullNavigation', 'Cannot do projection on null', range);
      const { items } = this.elements(value, range, 'projection');
      activeBudget().step(items.length * steps);
      const projected = new Array<unknown>(items.length);
      for (let i = 0; i < items.length; i++) projected[i] = expression(state, items[i]);
      return projected;
    };
  }

  private unary(node: Extract<AstNode, { kind: 'unary' }>): Compiled {
    const operand = this.compile(node.operand);
    const range = node.range;
    switch (node.operator) {
      case '!':
        return (state, self) => {
          const value = operand(state, self);
          if (typeof value !== 'boolean') throw valueMismatch.negate(value, range);
          return !value;
        };
      case '+':
        return operand;
      case '-':
        return (state, self) => {
          const value = operand(state, self);
          if (numberKindOf(value) === undefined) throw valueMismatch.negate(value, range);
          return javaNegate(value);
        };
      default: {
        // Variables cannot be assigned, so ++/-- yield the changed value (prefix) or the value itself (postfix).
        const delta = node.operator === '++' ? 1 : -1;
        const postfix = node.postfix;
        return (state, self) => {
          const value = operand(state, self);
          const kind = numberKindOf(value);
          if (kind === undefined) return fail('TypeMismatch', `Cannot increment ${describeValue(value)}`, range);
          return postfix ? value : addAs(kind === 'Short' || kind === 'Byte' ? 'Integer' : kind, value, castNumber(delta, kind));
        };
      }
    }
  }

  private binary(node: BinaryNode): Compiled {
    const left = this.compile(node.left);
    const range = node.operatorRange;
    const op = node.operator;
    if (op === 'instanceof') {
      const className = node.right.kind === 'typeReference' ? (this.nodes.get(node.right)?.staticClass ?? node.right.typeName) : 'java.lang.Object';
      return (state, self) => {
        const value = left(state, self);
        if (value === null || value === undefined) return false;
        return this.registry.isSubclass(registryClassOf(value), className);
      };
    }
    if (op === 'between') {
      const bounds = node.right.kind === 'inlineList' ? node.right.items.map((item) => this.compile(item)) : [];
      const [low, high] = bounds as [Compiled, Compiled];
      return (state, self) => {
        const value = left(state, self);
        return compareOrFail(low(state, self), value, range) <= 0 && compareOrFail(value, high(state, self), range) <= 0;
      };
    }
    const right = this.compile(node.right);
    switch (op) {
      case '&&':
        return (state, self) => {
          const a = left(state, self);
          if (a === false) return false;
          if (a !== true) throw valueMismatch.booleanOperand(a, node.left.range);
          const b = right(state, self);
          if (typeof b !== 'boolean') throw valueMismatch.booleanOperand(b, node.right.range);
          return b;
        };
      case '||':
        return (state, self) => {
          const a = left(state, self);
          if (a === true) return true;
          if (a !== false) throw valueMismatch.booleanOperand(a, node.left.range);
          const b = right(state, self);
          if (typeof b !== 'boolean') throw valueMismatch.booleanOperand(b, node.right.range);
          return b;
        };
      case '==':
      case '!=': {
        const lk = this.kindOf(node.left);
        const rk = this.kindOf(node.right);
        const positive = op === '==';
        if ((lk === 'Integer' && rk === 'Integer') || (lk === 'String' && rk === 'String')) {
          return (state, self) => (left(state, self) === right(state, self)) === positive;
        }
        return (state, self) => spelEquals(left(state, self), right(state, self)) === positive;
      }
      case '<':
      case '>':
      case '<=':
      case '>=': {
        const test = op === '<' ? (c: number) => c < 0 : op === '>' ? (c: number) => c > 0 : op === '<=' ? (c: number) => c <= 0 : (c: number) => c >= 0;
        const lk = this.kindOf(node.left);
        const rk = this.kindOf(node.right);
        if (isPlainKind(lk) && isPlainKind(rk) && (lk === 'Double' || rk === 'Double')) {
          // Spring compares in double as soon as one side is a Double (a Long side converted as `doubleValue`).
          return (state, self) => {
            const a = left(state, self);
            const b = right(state, self);
            const x = plainDouble(a);
            const y = plainDouble(b);
            if (x === x && y === y) return test(x < y ? -1 : x > y ? 1 : 0);
            return test(compareOrFail(a, b, range));
          };
        }
        if (isIntegral(lk) && isIntegral(rk) && (lk === 'Long' || rk === 'Long')) {
          // Integer with Long (Spring: `longValue()` of both): JavaScript compares a number with a bigint exactly.
          return (state, self) => {
            const a = left(state, self);
            const b = right(state, self);
            if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) return test(a < b ? -1 : a > b ? 1 : 0);
            return test(compareOrFail(a, b, range));
          };
        }
        if (this.kindOf(node.left) === 'Integer' && this.kindOf(node.right) === 'Integer') {
          const compareInts = op === '<' ? (a: number, b: number) => a < b : op === '>' ? (a: number, b: number) => a > b : op === '<=' ? (a: number, b: number) => a <= b : (a: number, b: number) => a >= b;
          const constant = this.constantOf(node.right);
          if (typeof constant === 'number') {
            return (state, self) => {
              const a = left(state, self);
              if (typeof a === 'number') return compareInts(a, constant);
              return test(compareOrFail(a, constant, range));
            };
          }
          return (state, self) => {
            const a = left(state, self);
            const b = right(state, self);
            if (typeof a === 'number' && typeof b === 'number') return compareInts(a, b);
            return test(compareOrFail(a, b, range));
          };
        }
        return (state, self) => test(compareOrFail(left(state, self), right(state, self), range));
      }
      case 'matches': {
        const constantPattern = this.constantOf(node.right);
        if (typeof constantPattern === 'string') {
          let compiled: JavaMatcher | undefined;
          let problem: unknown;
          try {
            compiled = compileJavaMatcher(constantPattern);
          } catch (error) {
            problem = error;
          }
          return (state, self) => {
            const text = left(state, self);
            if (typeof text !== 'string') return fail('TypeMismatch', "Operator 'matches' needs two Strings", range);
            if (!compiled) throw toEvaluationError(problem, node.right.range);
            // Compiled once here; each evaluation pays only the scan (in a loop, where a budget is installed).
            if (this.countCalls) chargeScan(text);
            return compiled.matches(text);
          };
        }
        return (state, self) => {
          const text = left(state, self);
          const pattern = right(state, self);
          if (typeof text !== 'string' || typeof pattern !== 'string') return fail('TypeMismatch', "Operator 'matches' needs two Strings", range);
          try {
            return matchesPattern(text, pattern, this.countCalls, this.meter);
          } catch (error) {
            throw toEvaluationError(error, node.right.range);
          }
        };
      }
      case '^':
        return (state, self) => {
          const a = left(state, self);
          const b = right(state, self);
          if (numberKindOf(a) === undefined || numberKindOf(b) === undefined) return fail('TypeMismatch', "Operator '^' needs two numbers", range);
          try {
            return javaPower(a, b);
          } catch (error) {
            throw toEvaluationError(error, range);
          }
        };
      case '+':
        return this.plus(node, left, right);
      default:
        return this.arithmetic(node, left, right);
    }
  }

  private plus(node: BinaryNode, left: Compiled, right: Compiled): Compiled {
    const lk = this.kindOf(node.left);
    const rk = this.kindOf(node.right);
    const range = node.operatorRange;
    if (lk === 'String' || rk === 'String') {
      return (state, self) => {
        const a = left(state, self);
        const b = right(state, self);
        const text = (typeof a === 'string' ? a : textOf(a)) + (typeof b === 'string' ? b : textOf(b));
        return text.length > 65536 ? activeBudget().checkString(text) : text;
      };
    }
    const raw = this.rawDouble(node);
    if (raw) return (state, self) => new JavaDouble(raw(state, self));
    if (lk === 'Integer' && rk === 'Integer') {
      const constant = this.constantOf(node.right);
      if (typeof constant === 'number') {
        return (state, self) => {
          const a = left(state, self);
          if (typeof a === 'number') return (a + constant) | 0;
          return genericPlus(a, constant, range);
        };
      }
      return (state, self) => {
        const a = left(state, self);
        const b = right(state, self);
        if (typeof a === 'number' && typeof b === 'number') return (a + b) | 0;
        return genericPlus(a, b, range);
      };
    }
    if ((lk === 'Long' || lk === 'Integer') && (rk === 'Long' || rk === 'Integer')) {
      const constant = this.constantOf(node.right);
      if (typeof constant === 'number' || typeof constant === 'bigint') {
        const y = BigInt(constant);
        return (state, self) => {
          const a = left(state, self);
          if (typeof a === 'bigint') return BigInt.asIntN(64, a + y);
          if (typeof a === 'number') return BigInt.asIntN(64, BigInt(a) + y);
          return genericPlus(a, constant, range);
        };
      }
      return (state, self) => {
        const a = left(state, self);
        const b = right(state, self);
        const x = typeof a === 'bigint' ? a : typeof a === 'number' ? BigInt(a) : undefined;
        const y = typeof b === 'bigint' ? b : typeof b === 'number' ? BigInt(b) : undefined;
        if (x !== undefined && y !== undefined) return BigInt.asIntN(64, x + y);
        return genericPlus(a, b, range);
      };
    }
    if ((lk === 'Double' || lk === 'Integer') && (rk === 'Double' || rk === 'Integer')) {
      return (state, self) => {
        const a = left(state, self);
        const b = right(state, self);
        const x = a instanceof JavaDouble ? a.value : typeof a === 'number' ? a : undefined;
        const y = b instanceof JavaDouble ? b.value : typeof b === 'number' ? b : undefined;
        if (x !== undefined && y !== undefined) return new JavaDouble(x + y);
        return genericPlus(a, b, range);
      };
    }
    if (lk === 'Long' && rk === 'Long') {
      return (state, self) => {
        const a = left(state, self);
        const b = right(state, self);
        if (typeof a === 'bigint' && typeof b === 'bigint') return BigInt.asIntN(64, a + b);
        return genericPlus(a, b, range);
      };
    }
    if (lk === 'Double' && rk === 'Double') {
      return (state, self) => {
        const a = left(state, self);
        const b = right(state, self);
        if (a instanceof JavaDouble && b instanceof JavaDouble) return new JavaDouble(a.value + b.value);
        return genericPlus(a, b, range);
      };
    }
    return (state, self) => genericPlus(left(state, self), right(state, self), range);
  }

  /**
   * A Double-typed arithmetic subtree compiled to closures over raw JS numbers, so that `a * 1.2 + b`
   * allocates one Double for the result instead of one per operator. Undefined when the node does not qualify.
   */
  private rawDouble(node: AstNode): ((state: EvalState, self: unknown) => number) | undefined {
    if (node.kind !== 'binary' || this.kindOf(node) !== 'Double' || this.constantOf(node) !== undefined) return undefined;
    const op = node.operator;
    if (op !== '+' && op !== '-' && op !== '*' && op !== '/' && op !== '%') return undefined;
    if (!isPlainKind(this.kindOf(node.left)) || !isPlainKind(this.kindOf(node.right))) return undefined;
    const left = this.rawOperand(node.left, op, node.operatorRange);
    const right = this.rawOperand(node.right, op, node.operatorRange);
    switch (op) {
      case '+':
        return (state, self) => left(state, self) + right(state, self);
      case '-':
        return (state, self) => left(state, self) - right(state, self);
      case '*':
        return (state, self) => left(state, self) * right(state, self);
      case '/':
        return (state, self) => left(state, self) / right(state, self);
      default:
        return (state, self) => left(state, self) % right(state, self);
    }
  }

  private rawOperand(node: AstNode, op: string, range: SourceRange): (state: EvalState, self: unknown) => number {
    const raw = this.rawDouble(node);
    if (raw) return raw;
    const constant = this.constantOf(node);
    if (constant instanceof JavaDouble || typeof constant === 'number' || typeof constant === 'bigint') {
      const value = constant instanceof JavaDouble ? constant.value : Number(constant);
      return () => value;
    }
    const boxed = this.compile(node);
    return (state, self) => {
      const value = boxed(state, self);
      if (value instanceof JavaDouble) return value.value;
      if (typeof value === 'number') return value;
      // A Long leaf (`#l * 1.5`) widened as Java's `(double) long`: Number rounds to nearest like it.
      if (typeof value === 'bigint') return Number(value);
      throw operatorMismatch(op, value, range);
    };
  }

  private arithmetic(node: BinaryNode, left: Compiled, right: Compiled): Compiled {
    const op = node.operator as '-' | '*' | '/' | '%';
    const range = node.operatorRange;
    const operation = op === '-' ? subtractAs : op === '*' ? multiplyAs : op === '/' ? divideAs : remainderAs;
    const lk = this.kindOf(node.left);
    const rk = this.kindOf(node.right);
    if (lk === 'Integer' && rk === 'Integer') {
      const fast =
        op === '-' ? (a: number, b: number) => (a - b) | 0
        : op === '*' ? (a: number, b: number) => Math.imul(a, b)
        : op === '/' ? (a: number, b: number) => (b === 0 ? fail('DivisionByZero', '/ by zero', range) : (a / b) | 0)
        : (a: number, b: number) => (b === 0 ? fail('DivisionByZero', '/ by zero', range) : a % b | 0);
      const constant = this.constantOf(node.right);
      if (typeof constant === 'number' && constant !== 0) {
        return (state, self) => {
          const a = left(state, self);
          if (typeof a === 'number') return fast(a, constant);
          return genericArithmetic(operation, op, a, constant, range);
        };
      }
      return (state, self) => {
        const a = left(state, self);
        const b = right(state, self);
        if (typeof a === 'number' && typeof b === 'number') return fast(a, b);
        return genericArithmetic(operation, op, a, b, range);
      };
    }
    if (isPlainKind(lk) && isPlainKind(rk)) {
      const raw = this.rawDouble(node);
      if (raw) return (state, self) => new JavaDouble(raw(state, self));
    }
    if (lk === 'Double' && rk === 'Double' || (lk === 'Double' && rk === 'Integer') || (lk === 'Integer' && rk === 'Double')) {
      const fast =
        op === '-' ? (a: number, b: number) => a - b
        : op === '*' ? (a: number, b: number) => a * b
        : op === '/' ? (a: number, b: number) => a / b
        : (a: number, b: number) => a % b;
      return (state, self) => {
        const a = left(state, self);
        const b = right(state, self);
        const x = a instanceof JavaDouble ? a.value : typeof a === 'number' ? a : undefined;
        const y = b instanceof JavaDouble ? b.value : typeof b === 'number' ? b : undefined;
        if (x !== undefined && y !== undefined) return new JavaDouble(fast(x, y));
        return genericArithmetic(operation, op, a, b, range);
      };
    }
    if (isIntegral(lk) && isIntegral(rk)) {
      // Java's Long division truncates like bigint's, and only MIN_VALUE / -1 overflows (wrapping to MIN_VALUE).
      const fast =
        op === '-' ? (a: bigint, b: bigint) => BigInt.asIntN(64, a - b)
        : op === '*' ? (a: bigint, b: bigint) => BigInt.asIntN(64, a * b)
        : op === '/' ? (a: bigint, b: bigint) => (b === 0n ? fail('DivisionByZero', '/ by zero', range) : BigInt.asIntN(64, a / b))
        : (a: bigint, b: bigint) => (b === 0n ? fail('DivisionByZero', '/ by zero', range) : a % b);
      const constant = this.constantOf(node.right);
      if (typeof constant === 'number' || typeof constant === 'bigint') {
        // `#id * 31`: the constant is converted once, not on every evaluation.
        const y = BigInt(constant);
        return (state, self) => {
          const a = left(state, self);
          if (typeof a === 'bigint') return fast(a, y);
          if (typeof a === 'number') return fast(BigInt(a), y);
          return genericArithmetic(operation, op, a, constant, range);
        };
      }
      return (state, self) => {
        const a = left(state, self);
        const b = right(state, self);
        const x = typeof a === 'bigint' ? a : typeof a === 'number' ? BigInt(a) : undefined;
        const y = typeof b === 'bigint' ? b : typeof b === 'number' ? BigInt(b) : undefined;
        if (x !== undefined && y !== undefined) return fast(x, y);
        return genericArithmetic(operation, op, a, b, range);
      };
    }
    return (state, self) => genericArithmetic(operation, op, left(state, self), right(state, self), range);
  }
}

/** Compiles a template: text parts verbatim, inserts converted with `toString` (null prints as "null"). */
export function compileTemplate(template: TemplateNode, compiler: Compiler): Compiled {
  compiler.needsBudget = true;
  const parts: Compiled[] = template.parts.map((part) => {
    if (part.kind === 'text') {
      const text = part.text;
      return () => text;
    }
    return compiler.compile(part.node);
  });
  return (state, self) => {
    let text = '';
    for (const part of parts) {
      const value = part(state, self);
      text += typeof value === 'string' ? value : textOf(value);
    }
    return activeBudget().checkString(text);
  };
}

