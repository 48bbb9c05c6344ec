import { forEachChild, type AstNode, type SourceRange, type TemplateNode } from './ast/nodes';
import { ExpressionEvaluationError, isExpressionEvaluationError, type ExpressionError } from './errors';
import { Budget, defaultEvaluationLimits, swapBudget, type EvaluationLimits } from './evaluator/budget';
import { Compiler, compileTemplate, type Compiled } from './evaluator/compile';
import { generateEvaluator } from './evaluator/generate';
import { evaluationFailure } from './evaluator/runtime-helpers';
import { nodeNeedsBudget } from './evaluator/static-facts';
import { defaultGlobals, registryFor, type Globals } from './helpers/globals';
import { canBeSubclassOf, displayType, nullType, type ClassRegistry, type TypingResult } from '@scenaria/typing';
import { cachedParseExpression, cachedParseTemplate } from './parser/parse-cache';
import { defaultExpressionConfig, type ExpressionConfig } from './typer/config';
import { typeTemplate, typeTree, type NodeTyping, type TypingOutcome } from './typer/typer';

/** Expression languages of the scenario format. */
export type ExpressionLanguage = 'spel' | 'spelTemplate';

/** Options shared by typing and compiling. */
export interface ExpressionOptions {
  /** Types of the variables in scope (`input` for `#input`). The helper globals are added unless `globals` is null. */
  variables?: Readonly<Record<string, TypingResult>>;
  config?: Partial<ExpressionConfig>;
  /**
   * The class whitelist, a `ClassRegistry` of @scenaria/typing (e.g.
   * `standardClassRegistry.extend(modelClasses)`), which is extended with the conversion methods and helpers.
   * Defaults to the standard classes plus the helpers of `globals`.
   */
  registry?: ClassRegistry;
  /** Helper globals (`#COLLECTION`...): default `defaultGlobals()`; null for none. */
  globals?: Globals | null;
  /** The type the caller requires (a parameter's type); a mismatch is an `ExpressionTypeError`. */
  expectedType?: TypingResult;
  language?: ExpressionLanguage;
}

/** Options of `compileExpression`. */
export interface CompileOptions extends ExpressionOptions {
  /** Evaluation budget (steps, collection sizes, string lengths). */
  limits?: Partial<EvaluationLimits>;
  /**
   * How the expression is compiled: `generated` (default) writes one JavaScript function per expression, the
   * fastest; `closures` builds a closure tree, for environments that forbid generated code (a
   * Content-Security-Policy without 'unsafe-eval'). Where generated code is not allowed, closures are used anyway.
   */
  evaluator?: 'generated' | 'closures';
}

/** The typing of one node, for editors (hover, inlay types). */
export interface NodeTypeInfo {
  range: SourceRange;
  kind: AstNode['kind'];
  type: TypingResult;
}

/** Result of `typeExpression`: never throws, always a type (Unknown where errors were found). */
export interface TypeExpressionResult {
  type: TypingResult;
  errors: ExpressionError[];
  nodeTypes: NodeTypeInfo[];
}

/** The outcome of a single evaluation when errors are wanted as values. */
export type EvaluationResult = { ok: true; value: unknown } | { ok: false; error: ExpressionEvaluationError };

/** A compiled expression: parse and type once, evaluate many times. */
export interface CompiledExpression {
  ok: true;
  type: TypingResult;
  /**
   * Evaluates against the variables (helper globals are added automatically). Throws an
   * `ExpressionEvaluationError` (with `code` and `range`) when the data makes evaluation fail.
   */
  evaluate(variables?: Readonly<Record<string, unknown>>): unknown;
  /** Like `evaluate`, but returns evaluation failures as values. */
  tryEvaluate(variables?: Readonly<Record<string, unknown>>): EvaluationResult;
}

/** Result of `compileExpression`. */
export type CompileResult = CompiledExpression | { ok: false; errors: ExpressionError[] };

interface Prepared {
  outcome: TypingOutcome;
  parsed: { kind: 'expression'; ast: AstNode | null } | { kind: 'template'; template: TemplateNode };
  registry: ClassRegistry;
  globals: Globals | null;
}

function prepare(text: string, options: ExpressionOptions): Prepared {
  const globals = options.globals === undefined ? defaultGlobals() : options.globals;
  const registry = registryFor(options.registry, globals);
  // The caller's variables shadow the helper globals; looked up as own properties, never copied.
  const own = options.variables ?? {};
  const helperTypes = globals?.types ?? {};
  const variables = {
    get: (name: string): TypingResult | undefined => (Object.hasOwn(own, name) ? own[name] : Object.hasOwn(helperTypes, name) ? helperTypes[name] : undefined),
    has: (name: string): boolean => Object.hasOwn(own, name) || Object.hasOwn(helperTypes, name),
  };
  const config = options.config ? { ...defaultExpressionConfig, ...options.config } : defaultExpressionConfig;
  const context = { variables, registry, config, text };
  if (options.language === 'spelTemplate') {
    const { template, errors } = cachedParseTemplate(text);
    const outcome = guarded(() => typeTemplate(template, context));
    outcome.errors.unshift(...errors);
    return { outcome, parsed: { kind: 'template', template }, registry, globals };
  }
  const { ast, errors } = cachedParseExpression(text);
  const outcome = errors.length > 0 && ast === null ? { type: nullType, errors: [], nodes: new Map<AstNode, NodeTyping>() } : guarded(() => typeTree(ast, context));
  outcome.errors.unshift(...errors);
  const expected = options.expectedType;
  if (expected && outcome.errors.length === 0 && !canBeSubclassOf(outcome.type, expected, registry)) {
    outcome.errors.push({
      code: 'ExpressionTypeError',
      message: `Bad expression type, expected: ${displayType(expected)}, found: ${displayType(outcome.type)}`,
      range: { start: 0, end: text.length },
    });
  }
  return { outcome, parsed: { kind: 'expression', ast }, registry, globals };
}

function guarded(type: () => TypingOutcome): TypingOutcome {
  try {
    return type();
  } catch (error) {
    // Only absurdly deep trees get here (the JavaScript stack is exhausted); report, do not crash.
    if (error instanceof RangeError) {
      return { type: nullType, errors: [{ code: 'SyntaxError', message: 'Expression is nested too deeply', range: { start: 0, end: 0 } }], nodes: new Map() };
    }
    throw error;
  }
}

/**
 * Types an expression without compiling it: its type, every error (with positions) and each node's type.
 * @example typeExpression('1 + 2').type // Integer(3)
 */
export function typeExpression(text: string, options: ExpressionOptions = {}): TypeExpressionResult {
  const { outcome } = prepare(text, options);
  const nodeTypes: NodeTypeInfo[] = [];
  for (const [node, typing] of outcome.nodes) nodeTypes.push({ range: node.range, kind: node.kind, type: typing.type });
  return { type: outcome.type, errors: outcome.errors, nodeTypes };
}

/**
 * Parses, types and compiles an expression once. On success, `evaluate(vars)` runs the compiled closures.
 * @example compileExpression('#a + 1', { variables: { a: Types.Integer } }) // { ok: true, type: Integer, evaluate }
 */
export function compileExpression(text: string, options: CompileOptions = {}): CompileResult {
  const { outcome, parsed, registry, globals } = prepare(text, options);
  if (outcome.errors.length > 0) return { ok: false, errors: outcome.errors };
  const globalValues = globals?.values ?? {};
  const compiler = new Compiler(outcome.nodes, registry, globalValues);
  const tree = parsed.kind === 'template' ? parsed.template : parsed.ast;
  const limits: EvaluationLimits = { ...defaultEvaluationLimits, ...options.limits };
  // Evaluation is synchronous and an expression cannot call itself, so one budget per compiled expression
  // (reset on every call) is safe; swapping it in and out keeps nested evaluations of other expressions apart.
  const budget = new Budget(limits);
  // Trees without loops or registry calls cannot exhaust a budget: they skip installing one (the hot path of
  // simple expressions), unless the caller set limits of their own. Templates build strings, so they always do.
  const budgeted = parsed.kind === 'template' || treeNeedsBudget(tree, outcome.nodes) || options.limits !== undefined;
  compiler.countCalls = budgeted;
  compiler.meter = budget;
  const generated = options.evaluator === 'closures'
    ? undefined
    : generateEvaluator(tree, { nodes: outcome.nodes, closures: compiler, globalValues, countCalls: budgeted, budget, budgeted, textLength: text.length });
  const evaluate = generated ?? closureEvaluator(tree, compiler, budget, budgeted, text.length);
  if (typeof evaluate !== 'function') return { ok: false, errors: [evaluate] };
  return compiledExpression(outcome.type, evaluate);
}

/** A compiled expression around its evaluate function (`tryEvaluate` returns evaluation errors as values). */
export function compiledExpression(type: TypingResult, evaluate: (variables?: Readonly<Record<string, unknown>>) => unknown): CompiledExpression {
  return {
    ok: true,
    type,
    evaluate,
    tryEvaluate(variables) {
      try {
        return { ok: true, value: evaluate(variables) };
      } catch (error) {
        if (isExpressionEvaluationError(error)) return { ok: false, error };
        throw error;
      }
    },
  };
}

/** The closure-tree evaluator of a tree, or the error when the tree is too deep to compile. */
function closureEvaluator(
  tree: AstNode | TemplateNode | null,
  compiler: Compiler,
  budget: Budget,
  budgeted: boolean,
  textLength: number,
): ((variables?: Readonly<Record<string, unknown>>) => unknown) | ExpressionError {
  let root: Compiled;
  try {
    root = tree === null ? () => null : tree.kind === 'template' ? compileTemplate(tree, compiler) : compiler.compile(tree);
  } catch (error) {
    if (error instanceof RangeError) return { code: 'SyntaxError', message: 'Expression is nested too deeply', range: { start: 0, end: textLength } };
    throw error;
  }
  const wholeRange = { start: 0, end: textLength };
  const noVariables: Readonly<Record<string, unknown>> = Object.freeze(Object.create(null) as Record<string, unknown>);
  return (variables: Readonly<Record<string, unknown>> = noVariables): unknown => {
    if (!budgeted) {
      // Calls whose cost must be paid even here charge this budget directly (see isMeteredCall).
      budget.reset();
      try {
        return root(variables, null);
      } catch (error) {
        throw evaluationFailure(error, wholeRange, false);
      }
    }
    budget.reset();
    const previous = swapBudget(budget);
    try {
      return root(variables, null);
    } catch (error) {
      throw evaluationFailure(error, wholeRange, true);
    } finally {
      swapBudget(previous);
    }
  };
}

/** Whether any node of the tree may need an installed budget (see `nodeNeedsBudget`). */
function treeNeedsBudget(tree: AstNode | TemplateNode | null, nodes: Map<AstNode, NodeTyping>): boolean {
  if (tree === null) return false;
  if (tree.kind === 'template') return true;
  const pending: AstNode[] = [tree];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (nodeNeedsBudget(node, nodes.get(node))) return true;
    forEachChild(node, (child) => pending.push(child));
  }
  return false;
}

export { ExpressionEvaluationError };
