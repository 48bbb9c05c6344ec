import type { AstNode, BinaryNode, SourceRange, TemplateNode } from '../ast/nodes';
import type { EvaluationErrorCode } from '../errors';
import { invokeMethod, numberKindOfClassName, type MethodDefinition } from '@scenaria/typing';
import { COMPACT_MINUS, COMPACT_PLUS, COMPACT_TIMES, compactDecimalProgram, compileJavaMatcher, JavaDouble, javaNegate, numberKindOf, spelEquals, type JavaMatcher } from '@scenaria/typing/runtime';
import { divideAs, multiplyAs, remainderAs, subtractAs } from '../internal/kind-arithmetic';
import { StaticClassRef } from '../internal/spel-values';
import { classOf } from '../internal/types';
import type { NodeTyping } from '../typer/typer';
import { literalRuntimeValue } from '../typer/typer';
import { activeBudget, swapBudget, type Budget } from './budget';
import type { Compiled, Compiler } from './compile';
import {
  NO_ARGS, compareOrFail, convertArgument, entriesToMap, evaluationError, evaluationFailure, genericArithmetic,
  chargeDecimalOperators, chargeScan, genericPlus, invokeCharged, invokeMetered, textOf, operatorMismatch, toEvaluationError, valueMismatch, widenArgument,
} from './runtime-helpers';
import { constantValueOf, isIntegral, isMeteredCall, isPlainKind, staticKindOf, stepsPerElement, type StaticKind } from './static-facts';

/*
 * The generated evaluator: the typed tree becomes the source of one JavaScript function per expression, built
 * with `new Function` once at compile time. V8 then optimises each expression on its own (its own type
 * feedback, operators inlined, no closure call per node), which a shared closure tree cannot get.
 *
 * Safety rests on what the generator writes, never on the expression text: the source contains only code
 * written here, numbers it formats itself, and `c<n>` references to values it passes in (registry method
 * definitions, constants, error positions). Every piece of the user's text (a variable or field name, a string
 * literal, a message quoting it) goes through `JSON.stringify` or into that constant table, so nothing an
 * expression says can become code. The functions the code calls (runtime-helpers.ts, typing's runtime, registry
 * methods) enter it the same way, as constants, never by name. Node kinds that are rare in scenarios
 * (constructors, `instanceof`, `between`, `^`, dynamic method calls...) call the closure compiler's code for that
 * subtree.
 */

/** What the generated function needs from the compile step. */
export interface GeneratorInput {
  nodes: Map<AstNode, NodeTyping>;
  /** The closure compiler of the same tree: helper code and the fallback for rare node kinds. */
  closures: Compiler;
  globalValues: Readonly<Record<string, unknown>>;
  /** Whether registry calls count as budget steps (false when the tree runs without a budget). */
  countCalls: boolean;
  /** The expression's own budget, installed for the evaluation when `budgeted`. */
  budget: Budget;
  budgeted: boolean;
  textLength: number;
}

export type GeneratedEvaluator = (variables?: Readonly<Record<string, unknown>>) => unknown;

/** Whether this JavaScript environment lets code be generated (a Content-Security-Policy may forbid it). */
let generationAllowed: boolean | undefined;

export function canGenerateCode(): boolean {
  if (generationAllowed === undefined) {
    try {
      generationAllowed = new Function('return 1')() === 1;
    } catch {
      generationAllowed = false;
    }
  }
  return generationAllowed;
}

/**
 * Generates the evaluator of an expression or template. Returns undefined when the tree cannot be generated
 * (nesting too deep for the generator or for the JavaScript parser); the caller then uses the closure tree.
 */
export function generateEvaluator(root: AstNode | TemplateNode | null, input: GeneratorInput): GeneratedEvaluator | undefined {
  if (!canGenerateCode()) return undefined;
  try {
    const generator = new Generator(input);
    const result = root === null ? 'null' : root.kind === 'template' ? generator.template(root) : generator.gen(root, 'self');
    return generator.finish(result);
  } catch (error) {
    if (error instanceof RangeError || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

class Generator {
  private readonly constants: unknown[] = [];
  private readonly constantIndex = new Map<unknown, string>();
  private lines: string[] = [];
  private temps = 0;
  /** Whether some call is charged to the expression's budget without installing it (see `invoke`). */
  private metered = false;
  /** `isCompactDecimal` of each node asked: a chain asks it of every node below, which asks of every node below. */
  private readonly compactDecimalNodes = new Map<AstNode, boolean>();

  constructor(private readonly input: GeneratorInput) {}

  // ---- building blocks -------------------------------------------------------------------------------------

  /** A reference to a value the generated code receives (never its text). */
  private constant(value: unknown): string {
    let name = this.constantIndex.get(value);
    if (name === undefined) {
      name = `c${this.constants.length}`;
      this.constants.push(value);
      this.constantIndex.set(value, name);
    }
    return name;
  }

  /** A JavaScript literal for a primitive the generator may write inline, or a constant reference. */
  private literal(value: unknown): string {
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    if (typeof value === 'number') {
      if (Object.is(value, -0)) return '-0';
      return Number.isFinite(value) ? String(value) : this.constant(value);
    }
    if (typeof value === 'string') return JSON.stringify(value);
    // A bigint's decimal digits, written by this generator: `2L` becomes `2n`, which V8 folds like any literal.
    if (typeof value === 'bigint') return value < 0n ? `(${value}n)` : `${value}n`;
    return this.constant(value);
  }

  private temp(): string {
    return `t${this.temps++}`;
  }

  private emit(line: string): void {
    this.lines.push(line);
  }

  /** Stores an expression in a fresh constant temp and returns its name. */
  private bind(expression: string): string {
    if (/^(?:[tc]\d+|self|null|true|false|-?\d+(?:\.\d+)?|\d+n)$/.test(expression)) return expression;
    const name = this.temp();
    this.emit(`const ${name} = ${expression};`);
    return name;
  }

  /** Generates a nested block; returns its lines instead of emitting them. */
  private block(body: () => void): string[] {
    const outer = this.lines;
    this.lines = [];
    try {
      body();
      return this.lines;
    } finally {
      this.lines = outer;
    }
  }

  private emitBlock(header: string, lines: string[], footer = '}'): void {
    this.emit(header);
    for (const line of lines) this.emit(`  ${line}`);
    this.emit(footer);
  }

  /** `throw` of an evaluation error at a position; the message is data, not code. */
  private throwError(code: EvaluationErrorCode, message: string, range: SourceRange): string {
    return `throw ${this.constant(evaluationError)}(${JSON.stringify(code)}, ${this.literal(message)}, ${this.constant(range)});`;
  }

  private kindOf(node: AstNode): StaticKind {
    return staticKindOf(this.input.nodes, node);
  }

  private constantOf(node: AstNode): unknown {
    return constantValueOf(this.input.nodes, node);
  }

  /** The closure compiler's code for a subtree the generator leaves to it. */
  private viaClosure(node: AstNode, self: string): string {
    // The closure code may charge the expression's budget without installing it (see `invoke`).
    this.metered = true;
    const compiled: Compiled = this.input.closures.compile(node);
    return this.bind(`${this.constant(compiled)}(v, ${self})`);
  }

  // ---- the function --------------------------------------------------------------------------------------------

  finish(result: string): GeneratedEvaluator {
    const { budget, budgeted, textLength } = this.input;
    const wholeRange = { start: 0, end: textLength };
    const noVariables = Object.freeze(Object.create(null) as Record<string, unknown>);
    const body = [...this.lines.map((line) => `    ${line}`), `    return ${result};`].join('\n');
    const rethrow = this.constant((error: unknown) => evaluationFailure(error, wholeRange, budgeted));
    const budgetSwap = this.constant(swapBudget);
    const source = [
      'return function evaluate(variables) {',
      `  const v = variables === undefined ? ${this.constant(noVariables)} : variables;`,
      ...(budgeted ? [`  ${this.constant(budget)}.reset();`, `  const previousBudget = ${budgetSwap}(${this.constant(budget)});`] : []),
      ...(!budgeted && this.metered ? [`  ${this.constant(budget)}.reset();`] : []),
      '  try {',
      '    const self = null;',
      body,
      '  } catch (error) {',
      `    throw ${rethrow}(error);`,
      ...(budgeted ? ['  } finally {', `    ${budgetSwap}(previousBudget);`] : []),
      '  }',
      '};',
    ];
    const names = this.constants.map((_, i) => `c${i}`);
    const prologue = names.length > 0 ? `const [${names.join(', ')}] = constants;\n` : '';
    // The source is written by this generator only (see the module comment).
    const factory = new Function('constants', `'use strict';\n${prologue}${source.join('\n')}`) as (constants: unknown[]) => GeneratedEvaluator;
    return factory(this.constants);
  }

  template(template: TemplateNode): string {
    const text = this.temp();
    this.emit(`let ${text} = '';`);
    for (const part of template.parts) {
      if (part.kind === 'text') {
        this.emit(`${text} += ${JSON.stringify(part.text)};`);
        continue;
      }
      const value = this.gen(part.node, 'self');
      this.emit(`${text} += typeof ${value} === 'string' ? ${value} : ${this.constant(textOf)}(${value});`);
    }
    return this.bind(`${this.constant(activeBudget)}().checkString(${text})`);
  }

  // ---- nodes ---------------------------------------------------------------------------------------------------

  /** Emits the statements of a node and returns the name (or literal) holding its value. */
  gen(node: AstNode, self: string): string {
    const known = this.constantOf(node);
    if (known !== undefined) return this.literal(Array.isArray(known) ? Object.freeze([...known]) : known);
    const typing = this.input.nodes.get(node);
    switch (node.kind) {
      case 'literal':
        return this.literal(literalRuntimeValue(node));
      case 'variable':
        return typing?.currentObject ? self : this.variable(node.name);
      case 'property':
        return this.property(node, typing, self);
      case 'methodCall':
        return this.methodCall(node, typing, self);
      case 'indexer':
        return this.indexer(node, self);
      case 'selection':
        return this.selection(node, self);
      case 'projection':
        return this.projection(node, self);
      case 'inlineList': {
        // Charged by the loop that builds it again and again (`stepsPerElement`); outside loops the text bounds it.
        const items = node.items.map((item) => this.gen(item, self));
        return this.bind(`[${items.join(', ')}]`);
      }
      case 'inlineMap': {
        const entries = node.entries.map((entry) => `[${this.literal(entry.key ?? '')}, ${this.gen(entry.value, self)}]`);
        return this.bind(`new Map([${entries.join(', ')}])`);
      }
      case 'typeReference':
        return this.constant(new StaticClassRef(typing?.staticClass ?? node.typeName));
      case 'binary':
        return this.binary(node, self);
      case 'unary':
        return this.unary(node, self);
      case 'ternary':
        return this.ternary(node, self);
      case 'elvis': {
        const result = this.temp();
        this.emit(`let ${result} = ${this.gen(node.value, self)};`);
        // Spring's elvis treats an empty String like null.
        const fallback = this.block(() => this.emit(`${result} = ${this.gen(node.fallback, self)};`));
        this.emitBlock(`if (${result} === null || ${result} === undefined || ${result} === '') {`, fallback);
        return result;
      }
      default:
        return this.viaClosure(node, self);
    }
  }

  private variable(name: string): string {
    const globals = this.input.globalValues;
    const fallback = this.literal(Object.hasOwn(globals, name) ? (globals[name] ?? null) : null);
    const key = JSON.stringify(name);
    // A name that Object.prototype also has (`constructor`, `__proto__`...) is read as an own property only.
    if (name in Object.prototype || name === '__proto__') {
      return this.bind(`Object.hasOwn(v, ${key}) ? (v[${key}] ?? null) : ${fallback}`);
    }
    const value = this.temp();
    this.emit(`let ${value} = v[${key}];`);
    this.emit(`if (${value} === undefined) ${value} = ${fallback};`);
    return value;
  }

  private target(node: AstNode | null, self: string): string {
    return node === null ? self : this.gen(node, self);
  }

  /** Calls a registry member; failures become evaluation errors at `range`. */
  private invoke(method: MethodDefinition, target: string, args: string[], range: SourceRange): string {
    const result = this.temp();
    // A method with a cost is charged it before the call (invokeCharged); any other call counts one step.
    // Without an installed budget, costs that must still be paid go to the expression's own (invokeMetered;
    // inline for fixed arity, where the cost hook and `invoke` read the same bound argument array). The call gets
    // the budget its cost went to, for the work it can only charge as it runs.
    const charged = this.input.countCalls && method.cost !== undefined;
    const metered = !this.input.countCalls && isMeteredCall(method);
    // In a budgeted evaluation the active budget is the expression's own (installed by `finish` for the whole
    // call), so a fixed-arity charged call pays its step and cost to it inline, as invokeCharged would.
    const inlineCharge = charged && !method.varArgs && this.input.budgeted;
    const literalArgs = args.length === 0 ? this.constant(NO_ARGS) : `[${args.join(', ')}]`;
    const argList = (metered || inlineCharge) && !method.varArgs ? this.bind(literalArgs) : literalArgs;
    if (this.input.countCalls && !charged) this.emit(`${this.constant(activeBudget)}().step();`);
    if (metered) this.metered = true;
    const budget = this.constant(this.input.budget);
    // Variadic methods take their tail packed into one array (typing's convention).
    const call = inlineCharge
      ? `(${budget}.step(), ${this.constant(method.cost)}(${budget}, ${target}, ${argList}), ${this.constant(method)}.invoke(${target}, ${argList}, ${budget}))`
      : charged
      ? `${this.constant(invokeCharged)}(${this.constant(method)}, ${target}, ${argList})`
      : metered
        ? method.varArgs
          ? `${this.constant(invokeMetered)}(${this.constant(method)}, ${budget}, ${target}, ${argList})`
          : `(${this.constant(method.cost)}(${budget}, ${target}, ${argList}), ${this.constant(method)}.invoke(${target}, ${argList}, ${budget}))`
        : method.varArgs
        ? `${this.constant(invokeMethod)}(${this.constant(method)}, ${target}, ${argList})`
        : `${this.constant(method)}.invoke(${target}, ${argList})`;
    this.emit(`let ${result};`);
    this.emit(`try { ${result} = ${call}; } catch (error) { throw ${this.constant(toEvaluationError)}(error, ${this.constant(range)}); }`);
    this.emit(`if (${result} === undefined) ${result} = null;`);
    return result;
  }

  /** `if (target is null) { safe ? result = null : throw } else { ... }` around the member access. */
  private guarded(target: string, safe: boolean, nullMessage: string, range: SourceRange, access: (result: string) => void): string {
    const result = this.temp();
    this.emit(`let ${result};`);
    const whenPresent = this.block(() => access(result));
    this.emit(`if (${target} === null || ${target} === undefined) {`);
    this.emit(safe ? `  ${result} = null;` : `  ${this.throwError('NullNavigation', nullMessage, range)}`);
    this.emitBlock('} else {', whenPresent);
    return result;
  }

  private property(node: Extract<AstNode, { kind: 'property' }>, typing: NodeTyping | undefined, self: string): string {
    if (typing?.staticValue) return this.literal(typing.staticValue.value);
    const method = typing?.method;
    const isStatic = node.target !== null && this.input.nodes.get(node.target)?.staticClass !== undefined;
    const target = this.target(node.target, self);
    if (method && isStatic) return this.invoke(method, 'null', [], node.nameRange);
    const message = `Cannot read property '${node.name}' of null`;
    const dynamic = (result: string, value: string) =>
      this.emit(`${result} = ${this.constant(this.input.closures)}.dynamicProperty(${value}, ${JSON.stringify(node.name)}, ${this.constant(node.nameRange)});`);
    if (typing?.mapKey !== undefined && !typing.dynamic) {
      const key = JSON.stringify(typing.mapKey);
      return this.guarded(target, node.safe, message, node.nameRange, (result) => {
        this.emit(`if (${target} instanceof Map) {`);
        this.emit(`  ${result} = ${target}.get(${key});`);
        this.emit(`  if (${result} === undefined) ${result} = null;`);
        this.emit('} else {');
        dynamic(`  ${result}`, target);
        this.emit('}');
      });
    }
    if (method && !typing?.dynamic) {
      return this.guarded(target, node.safe, message, node.nameRange, (result) => {
        this.emit(`${result} = ${this.invoke(method, target, [], node.nameRange)};`);
      });
    }
    return this.guarded(target, node.safe, message, node.nameRange, (result) => dynamic(result, target));
  }

  private methodCall(node: Extract<AstNode, { kind: 'methodCall' }>, typing: NodeTyping | undefined, self: string): string {
    const method = typing?.method;
    if (!method || typing?.dynamic) return this.viaClosure(node, self);
    const isStatic = node.target !== null && this.input.nodes.get(node.target)?.staticClass !== undefined;
    const target = this.target(node.target, self);
    if (isStatic) return this.invoke(method, 'null', this.args(node.args, method, typing, self), node.range);
    return this.guarded(target, node.safe, `Method '${node.name}' called on null`, node.nameRange, (result) => {
      const args = this.args(node.args, method, typing, self);
      this.emit(`${result} = ${this.invoke(method, target, args, node.range)};`);
    });
  }

  private args(args: AstNode[], method: MethodDefinition, typing: NodeTyping | undefined, self: string): string[] {
    return args.map((arg, i) => {
      const value = this.gen(arg, self);
      const conversion = typing?.argumentConversions?.get(i);
      if (conversion) return this.bind(`${this.constant(convertArgument)}(${value}, ${JSON.stringify(conversion)}, ${this.constant(arg.range)})`);
      // Java widens numeric arguments to the declared parameter class (an Integer passed as a Long).
      const param = method.params[Math.min(i, method.params.length - 1)];
      const paramKind = param ? numberKindOfClassName(classOf(param.type)?.className ?? '') : undefined;
      const argKind = this.kindOf(arg);
      if (paramKind && argKind !== 'String' && argKind !== paramKind) return this.bind(`${this.constant(widenArgument)}(${value}, ${JSON.stringify(paramKind)})`);
      return value;
    });
  }

  private indexer(node: Extract<AstNode, { kind: 'indexer' }>, self: string): string {
    const target = this.target(node.target, self);
    const index = node.index;
    const bareKey = index.kind === 'property' && index.target === null ? index.name : undefined;
    const closures = this.constant(this.input.closures);
    const range = this.constant(node.range);
    const constantIndex = bareKey === undefined ? this.constantOf(index) : undefined;
    return this.guarded(target, false, 'Cannot index into null', node.range, (result) => {
      if (typeof constantIndex === 'number' && constantIndex >= 0) {
        // `#list[42]`: a list read needs no index checks beyond the length.
        this.emit(`if (Array.isArray(${target}) && ${constantIndex} < ${target}.length) {`);
        this.emit(`  ${result} = ${target}[${constantIndex}];`);
        this.emit(`  if (${result} === undefined) ${result} = null;`);
        this.emit('} else {');
        this.emit(`  ${result} = ${closures}.indexValue(${target}, ${constantIndex}, ${range});`);
        this.emit('}');
        return;
      }
      const key = bareKey !== undefined ? JSON.stringify(bareKey) : this.gen(index, self);
      this.emit(`${result} = ${closures}.indexValue(${target}, ${key}, ${range});`);
    });
  }

  /**
   * The elements of a selection/projection target: a list as is, anything else through the closure helper;
   * charged `stepsPerElement` of the loop's body each.
   */
  private elements(target: string, range: SourceRange, what: string, body: AstNode): { items: string; fromMap: string } {
    const items = this.temp();
    const fromMap = this.temp();
    this.emit(`let ${items} = ${target}, ${fromMap} = false;`);
    this.emit(`if (!Array.isArray(${target})) ({ items: ${items}, fromMap: ${fromMap} } = ${this.constant(this.input.closures)}.elements(${target}, ${this.constant(range)}, ${JSON.stringify(what)}));`);
    const steps = stepsPerElement(body);
    this.emit(`${this.constant(activeBudget)}().step(${steps === 1 ? `${items}.length` : `${items}.length * ${steps}`});`);
    return { items, fromMap };
  }

  private predicate(condition: AstNode, item: string, result: string): void {
    const value = this.gen(condition, item);
    this.emit(`if (${value} !== true && ${value} !== false) ${this.throwLater('selectionPredicate', value, condition.range)}`);
    this.emit(`${result} = ${value};`);
  }

  /** A throw whose message quotes a runtime value. */
  private throwLater(kind: keyof typeof valueMismatch, value: string, range: SourceRange): string {
    return `throw ${this.constant(valueMismatch[kind])}(${value}, ${this.constant(range)});`;
  }

  private selection(node: Extract<AstNode, { kind: 'selection' }>, self: string): string {
    const target = this.target(node.target, self);
    return this.guarded(target, node.safe, 'Cannot do selection on null', node.range, (result) => {
      const { items, fromMap } = this.elements(target, node.range, 'selection', node.condition);
      const index = this.temp();
      const item = this.temp();
      const test = this.temp();
      const body = this.block(() => {
        this.emit(`const ${item} = ${items}[${index}];`);
        this.emit(`let ${test};`);
        this.predicate(node.condition, item, test);
      });
      if (node.mode === 'all') {
        const selected = this.temp();
        this.emit(`const ${selected} = [];`);
        this.emitBlock(`for (let ${index} = 0; ${index} < ${items}.length; ${index}++) {`, [...body, `if (${test}) ${selected}.push(${item});`]);
        this.emit(`${result} = ${fromMap} ? ${this.constant(entriesToMap)}(${selected}) : ${target} instanceof Set ? new Set(${selected}) : ${selected};`);
        return;
      }
      // On maps the typer types `.^[]`/`.$[]` as the `{key, value}` entry, so the entry itself is returned.
      this.emit(`${result} = null;`);
      const loop = node.mode === 'first' ? `for (let ${index} = 0; ${index} < ${items}.length; ${index}++) {` : `for (let ${index} = ${items}.length - 1; ${index} >= 0; ${index}--) {`;
      this.emitBlock(loop, [...body, `if (${test}) { ${result} = ${item}; break; }`]);
    });
  }

  private projection(node: Extract<AstNode, { kind: 'projection' }>, self: string): string {
    const target = this.target(node.target, self);
    return this.guarded(target, node.safe, 'Cannot do projection on null', node.range, (result) => {
      const { items } = this.elements(target, node.range, 'projection', node.expression);
      const index = this.temp();
      const item = this.temp();
      const body = this.block(() => {
        this.emit(`const ${item} = ${items}[${index}];`);
        this.emit(`${result}[${index}] = ${this.gen(node.expression, item)};`);
      });
      this.emit(`${result} = new Array(${items}.length);`);
      this.emitBlock(`for (let ${index} = 0; ${index} < ${items}.length; ${index}++) {`, body);
    });
  }

  private ternary(node: Extract<AstNode, { kind: 'ternary' }>, self: string): string {
    const condition = this.gen(node.condition, self);
    const result = this.temp();
    this.emit(`let ${result};`);
    const whenTrue = this.block(() => this.emit(`${result} = ${this.gen(node.whenTrue, self)};`));
    const whenFalse = this.block(() => this.emit(`${result} = ${this.gen(node.whenFalse, self)};`));
    this.emitBlock(`if (${condition} === true) {`, whenTrue);
    this.emitBlock('else if (' + condition + ' === false) {', whenFalse);
    this.emit(`else ${this.throwLater('ternaryCondition', condition, node.condition.range)}`);
    return result;
  }

  private unary(node: Extract<AstNode, { kind: 'unary' }>, self: string): string {
    switch (node.operator) {
      case '!': {
        const value = this.gen(node.operand, self);
        this.emit(`if (typeof ${value} !== 'boolean') ${this.throwLater('negate', value, node.range)}`);
        return this.bind(`!${value}`);
      }
      case '+':
        return this.gen(node.operand, self);
      case '-': {
        const value = this.gen(node.operand, self);
        this.emit(`if (${this.constant(numberKindOf)}(${value}) === undefined) ${this.throwLater('negate', value, node.range)}`);
        return this.bind(`${this.constant(javaNegate)}(${value})`);
      }
      default:
        return this.viaClosure(node, self);
    }
  }

  private binary(node: BinaryNode, self: string): string {
    const op = node.operator;
    if (op === 'instanceof' || op === 'between' || op === '^') return this.viaClosure(node, self);
    if (op === 'matches') {
      const pattern = this.constantOf(node.right);
      if (typeof pattern !== 'string') return this.viaClosure(node, self);
      const text = this.gen(node.left, self);
      let regex: JavaMatcher | undefined;
      let problem: unknown;
      try {
        regex = compileJavaMatcher(pattern);
      } catch (error) {
        problem = error;
      }
      this.emit(`if (typeof ${text} !== 'string') ${this.throwError('TypeMismatch', "Operator 'matches' needs two Strings", node.operatorRange)}`);
      if (!regex) {
        this.emit(`throw ${this.constant(toEvaluationError)}(${this.constant(problem)}, ${this.constant(node.right.range)});`);
        return 'null';
      }
      // Compiled once here; each evaluation pays only the scan (in a loop, where a budget is installed).
      if (this.input.countCalls) this.emit(`${this.constant(chargeScan)}(${text});`);
      return this.bind(`${this.constant(regex)}.matches(${text})`);
    }
    if (op === '&&' || op === '||') return this.logical(node, self);
    if (this.isRawDouble(node)) return this.bind(`new ${this.constant(JavaDouble)}(${this.rawDouble(node, self)})`);
    if (this.isCompactDecimal(node)) return this.compactDecimal(node, self);
    const left = this.gen(node.left, self);
    const right = this.gen(node.right, self);
    const lk = this.kindOf(node.left);
    const rk = this.kindOf(node.right);
    const range = this.constant(node.operatorRange);
    switch (op) {
      case '==':
      case '!=': {
        const positive = op === '==';
        // `x != null`, the commonest test in scenarios: only null equals null.
        if (left === 'null' || right === 'null') {
          const other = left === 'null' ? right : left;
          return this.bind(`(${other} === null || ${other} === undefined) === ${positive}`);
        }
        if ((lk === 'Integer' && rk === 'Integer') || (lk === 'String' && rk === 'String')) return this.bind(`${left} ${positive ? '===' : '!=='} ${right}`);
        return this.bind(`${this.constant(spelEquals)}(${left}, ${right}) === ${positive}`);
      }
      case '<':
      case '>':
      case '<=':
      case '>=': {
        const general = `${this.constant(compareOrFail)}(${left}, ${right}, ${range}) ${op} 0`;
        if (lk === 'Integer' && rk === 'Integer') {
          return this.bind(`typeof ${left} === 'number' && typeof ${right} === 'number' ? ${left} ${op} ${right} : ${general}`);
        }
        if (isPlainKind(lk) && isPlainKind(rk) && (lk === 'Double' || rk === 'Double')) {
          // Spring compares in double as soon as one side is a Double (a Long side converted as `doubleValue`).
          const x = this.plainNumber(left, lk);
          const y = this.plainNumber(right, rk);
          return this.bind(`${x} === ${x} && ${y} === ${y} ? ${x} ${op} ${y} : ${general}`);
        }
        if (isIntegral(lk) && isIntegral(rk)) {
          // Integer with Long (Spring: `longValue()` of both): JavaScript compares a number with a bigint exactly.
          return this.bind(`${this.integralCheck(left, lk)} && ${this.integralCheck(right, rk)} ? ${left} ${op} ${right} : ${general}`);
        }
        return this.bind(general);
      }
      case '+':
        return this.plus(node, left, right, lk, rk, range);
      default:
        return this.arithmetic(node, left, right, lk, rk, range);
    }
  }

  /**
   * The double of an Integer, Long or Double operand (as Java's `doubleValue`), NaN for anything else (the general
   * path handles it); the test for the operand's static kind comes first.
   */
  private plainNumber(value: string, kind: StaticKind): string {
    if (/^-?\d+(?:\.\d+)?$/.test(value)) return value;
    const double = `${value} instanceof ${this.constant(JavaDouble)} ? ${value}.value`;
    const integer = `typeof ${value} === 'number' ? ${value}`;
    const long = `typeof ${value} === 'bigint' ? Number(${value})`;
    const order = kind === 'Double' ? [double, integer, long] : kind === 'Long' ? [long, integer, double] : [integer, double, long];
    return this.bind(`${order.join(' : ')} : NaN`);
  }

  /** The runtime test that an operand of a static Integer or Long kind holds an Integer or a Long. */
  private integralCheck(value: string, kind: StaticKind): string {
    if (/^\(?-?\d+n?\)?$/.test(value)) return 'true';
    return kind === 'Long' ? `(typeof ${value} === 'bigint' || typeof ${value} === 'number')` : `(typeof ${value} === 'number' || typeof ${value} === 'bigint')`;
  }

  /** The runtime test that an operand holds exactly its static kind (Integer or Long). */
  private strictCheck(value: string, kind: StaticKind): string {
    if (/^\(?-?\d+n?\)?$/.test(value)) return 'true';
    return `typeof ${value} === ${kind === 'Long' ? "'bigint'" : "'number'"}`;
  }

  /** An operand that passed `strictCheck` as a bigint. */
  private strictLong(value: string, kind: StaticKind): string {
    if (/^\(?-?\d+n?\)?$/.test(value)) return this.asLong(value, kind);
    // `| 0` is a no-op on an Integer (an int32 number) that tells V8 so: BigInt of an int32 becomes an int64 move.
    return kind === 'Long' ? value : `BigInt(${value} | 0)`;
  }

  /** An Integer or Long operand as a bigint (a literal converted here, once). */
  private asLong(value: string, kind: StaticKind): string {
    const literal = /^\(?(-?\d+)n?\)?$/.exec(value);
    if (literal) return this.literal(BigInt(literal[1]!));
    return kind === 'Long' ? `(typeof ${value} === 'bigint' ? ${value} : BigInt(${value}))` : `(typeof ${value} === 'number' ? BigInt(${value}) : ${value})`;
  }

  private logical(node: BinaryNode, self: string): string {
    const and = node.operator === '&&';
    const left = this.gen(node.left, self);
    const result = this.temp();
    this.emit(`let ${result} = ${and ? 'false' : 'true'};`);
    this.emit(`if (${left} !== true && ${left} !== false) ${this.throwLater('booleanOperand', left, node.left.range)}`);
    const rest = this.block(() => {
      const right = this.gen(node.right, self);
      this.emit(`if (typeof ${right} !== 'boolean') ${this.throwLater('booleanOperand', right, node.right.range)}`);
      this.emit(`${result} = ${right};`);
    });
    this.emitBlock(`if (${left} === ${and ? 'true' : 'false'}) {`, rest);
    return result;
  }

  private plus(node: BinaryNode, left: string, right: string, lk: StaticKind, rk: StaticKind, range: string): string {
    if (lk === 'String' || rk === 'String') {
      const toText = this.constant(textOf);
      const text = this.bind(`(typeof ${left} === 'string' ? ${left} : ${toText}(${left})) + (typeof ${right} === 'string' ? ${right} : ${toText}(${right}))`);
      this.emit(`if (${text}.length > 65536) ${this.constant(activeBudget)}().checkString(${text});`);
      return text;
    }
    const general = `${this.constant(genericPlus)}(${left}, ${right}, ${range})`;
    if (lk === 'Integer' && rk === 'Integer') return this.bind(`typeof ${left} === 'number' && typeof ${right} === 'number' ? (${left} + ${right}) | 0 : ${general}`);
    if (isIntegral(lk) && isIntegral(rk)) return this.longOperation(node, '+', left, right, lk, rk, general);
    return this.bind(general);
  }

  private arithmetic(node: BinaryNode, left: string, right: string, lk: StaticKind, rk: StaticKind, range: string): string {
    const op = node.operator as '-' | '*' | '/' | '%';
    const operation = this.constant(op === '-' ? subtractAs : op === '*' ? multiplyAs : op === '/' ? divideAs : remainderAs);
    const general = `${this.constant(genericArithmetic)}(${operation}, ${JSON.stringify(op)}, ${left}, ${right}, ${range})`;
    if (lk === 'Integer' && rk === 'Integer') {
      const numbers = `typeof ${left} === 'number' && typeof ${right} === 'number'`;
      if (op === '-') return this.bind(`${numbers} ? (${left} - ${right}) | 0 : ${general}`);
      if (op === '*') return this.bind(`${numbers} ? Math.imul(${left}, ${right}) : ${general}`);
      const result = this.temp();
      this.emit(`let ${result};`);
      this.emit(`if (${numbers}) {`);
      this.emit(`  if (${right} === 0) ${this.throwError('DivisionByZero', '/ by zero', node.operatorRange)}`);
      this.emit(`  ${result} = (${left} ${op} ${right}) | 0;`);
      this.emit(`} else ${result} = ${general};`);
      return result;
    }
    if (isIntegral(lk) && isIntegral(rk)) return this.longOperation(node, op, left, right, lk, rk, general);
    return this.bind(general);
  }

  /**
   * Long (or Integer with Long) arithmetic: 64-bit wrapping bigint operations, an Integer operand converted with
   * `BigInt` (Java's widening), literals converted here. An operand holding neither an Integer nor a Long at
   * runtime takes the general path.
   */
  private longOperation(node: BinaryNode, op: '+' | '-' | '*' | '/' | '%', left: string, right: string, lk: StaticKind, rk: StaticKind, general: string): string {
    const checks = [this.integralCheck(left, lk), this.integralCheck(right, rk)].filter((check) => check !== 'true');
    const operands = checks.length === 0 ? 'true' : checks.join(' && ');
    const x = this.asLong(left, lk);
    const y = this.asLong(right, rk);
    // Operands of their static kinds first, in the shape V8 lowers to 64-bit machine arithmetic (no phi of a
    // converted and an unconverted operand); then either kind (the same result), then the general path.
    const strict = [this.strictCheck(left, lk), this.strictCheck(right, rk)].filter((check) => check !== 'true');
    const sx = this.strictLong(left, lk);
    const sy = this.strictLong(right, rk);
    if (op === '+' || op === '-' || op === '*') {
      const lenient = `${operands} ? BigInt.asIntN(64, ${x} ${op} ${y}) : ${general}`;
      if (strict.length === 0) return this.bind(lenient);
      return this.bind(`${strict.join(' && ')} ? BigInt.asIntN(64, ${sx} ${op} ${sy}) : ${lenient}`);
    }
    // Java's Long division truncates like bigint's, and only MIN_VALUE / -1 overflows (wrapping to MIN_VALUE).
    const result = this.temp();
    const divide = (a: string, b: string) => `${result} = ${op === '/' ? `BigInt.asIntN(64, ${a} / ${b})` : `${a} % ${b}`};`;
    // The divisor is tested before its conversion: as its static kind on the strict path, as either kind after.
    const literalDivisor = /^\(?-?\d+n?\)?$/.test(right);
    const zeroCheck = (zero: string) => !literalDivisor || BigInt(/-?\d+/.exec(right)![0]) === 0n
      ? [`if (${zero}) ${this.throwError('DivisionByZero', '/ by zero', node.operatorRange)}`]
      : [];
    this.emit(`let ${result};`);
    const lenient = [...zeroCheck(`${right} === 0 || ${right} === 0n`), divide(x, y)].map((line) => `  ${line}`);
    const strictZero = `${right} === ${rk === 'Long' ? '0n' : '0'}`;
    if (strict.length > 0) this.emitBlock(`if (${strict.join(' && ')}) {`, [...zeroCheck(strictZero), divide(sx, sy)], `} else if (${operands}) {`);
    else this.emit(`if (${operands}) {`);
    for (const line of lenient) this.emit(line);
    this.emit(`} else ${result} = ${general};`);
    return result;
  }

  /**
   * Whether a node is Double arithmetic (Double with Double or Integer operands) that can run on raw JS numbers:
   * such a tree allocates one Double for its result instead of one per operator.
   */
  private isRawDouble(node: AstNode): boolean {
    if (node.kind !== 'binary' || this.kindOf(node) !== 'Double' || this.constantOf(node) !== undefined) return false;
    const op = node.operator;
    if (op !== '+' && op !== '-' && op !== '*' && op !== '/' && op !== '%') return false;
    return isPlainKind(this.kindOf(node.left)) && isPlainKind(this.kindOf(node.right));
  }

  /**
   * Whether a node is BigDecimal `+ - *` over BigDecimal, Integer or Long operands (or such trees): it runs as one
   * program over unscaled values (`compactDecimalProgram`), which builds one decimal for the whole tree.
   */
  private isCompactDecimal(node: AstNode): boolean {
    if (node.kind !== 'binary' || this.kindOf(node) !== 'BigDecimal' || this.constantOf(node) !== undefined) return false;
    const op = node.operator;
    if (op !== '+' && op !== '-' && op !== '*') return false;
    const known = this.compactDecimalNodes.get(node);
    if (known !== undefined) return known;
    const operand = (side: AstNode) => this.isCompactDecimal(side) || ['BigDecimal', 'Integer', 'Long'].includes(this.kindOf(side) ?? '');
    const compact = operand(node.left) && operand(node.right);
    this.compactDecimalNodes.set(node, compact);
    return compact;
  }

  /**
   * A BigDecimal tree (`isCompactDecimal`): its leaves evaluated in order, then the program; where the program
   * declines (large or unexpected values), the operators one by one on the same leaves, as without it.
   */
  private compactDecimal(node: BinaryNode, self: string): string {
    const leaves: string[] = [];
    const program: number[] = [];
    const oneByOne = (current: AstNode): string => {
      if (current !== node && !this.isCompactDecimal(current)) {
        const leaf = this.gen(current, self);
        program.push(leaves.length);
        leaves.push(leaf);
        return leaf;
      }
      const binary = current as BinaryNode;
      const left = oneByOne(binary.left);
      const right = oneByOne(binary.right);
      const op = binary.operator as '+' | '-' | '*';
      program.push(op === '+' ? COMPACT_PLUS : op === '-' ? COMPACT_MINUS : COMPACT_TIMES);
      const range = this.constant(binary.operatorRange);
      if (op === '+') return `${this.constant(genericPlus)}(${left}, ${right}, ${range})`;
      return `${this.constant(genericArithmetic)}(${this.constant(op === '-' ? subtractAs : multiplyAs)}, ${JSON.stringify(op)}, ${left}, ${right}, ${range})`;
    };
    const general = oneByOne(node);
    const result = this.temp();
    const [first = 'undefined', second = 'undefined', third = 'undefined', fourth = 'undefined', ...more] = leaves;
    const rest = more.length > 0 ? `, [${more.join(', ')}]` : '';
    this.emit(`let ${result} = ${this.constant(compactDecimalProgram)}(${this.constant(program)}, ${first}, ${second}, ${third}, ${fourth}${rest});`);
    // In a loop the program's operators (+ - *, alike in cost) are charged as one by one they charge themselves.
    const operators = program.filter((step) => step === COMPACT_PLUS || step === COMPACT_MINUS || step === COMPACT_TIMES).length;
    if (this.input.countCalls) this.emit(`if (${result} === undefined) ${result} = ${general}; else ${this.constant(chargeDecimalOperators)}('+', ${operators});`);
    else this.emit(`if (${result} === undefined) ${result} = ${general};`);
    return result;
  }

  /** The raw-number expression of a Double arithmetic tree; leaves are checked as they are read. */
  private rawDouble(node: BinaryNode, self: string): string {
    const side = (operand: AstNode): string => {
      if (this.isRawDouble(operand)) return this.rawDouble(operand as BinaryNode, self);
      const constant = this.constantOf(operand);
      if (constant instanceof JavaDouble) return this.literal(constant.value);
      if (typeof constant === 'number') return this.literal(constant);
      if (typeof constant === 'bigint') return this.literal(Number(constant));
      return this.rawOperand(this.gen(operand, self), this.kindOf(operand), node.operator, node.operatorRange);
    };
    const left = side(node.left);
    const right = side(node.right);
    return `(${left} ${node.operator} ${right})`;
  }

  /**
   * The double of a leaf of a raw Double tree: an Integer as it is, a Double's value, a Long as Java's widening
   * (`Number` rounds to nearest, as `(double) long` does); the test for the leaf's static kind comes first.
   */
  private rawOperand(value: string, kind: StaticKind, op: string, range: SourceRange): string {
    const number = this.temp();
    const tests = {
      Integer: `if (typeof ${value} === 'number') ${number} = ${value};`,
      Double: `if (${value} instanceof ${this.constant(JavaDouble)}) ${number} = ${value}.value;`,
      Long: `if (typeof ${value} === 'bigint') ${number} = Number(${value});`,
    };
    const order = kind === 'Double' ? [tests.Double, tests.Integer, tests.Long] : kind === 'Long' ? [tests.Long, tests.Integer, tests.Double] : [tests.Integer, tests.Double, tests.Long];
    this.emit(`let ${number};`);
    this.emit(order.join(' else '));
    this.emit(`else throw ${this.constant(operatorMismatch)}(${JSON.stringify(op)}, ${value}, ${this.constant(range)});`);
    return number;
  }
}

