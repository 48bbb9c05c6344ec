import { forEachChild, type AstNode } from '../ast/nodes';
import { isLinearScan, knownValueOf, numberKindOfClassName, type MethodDefinition, type NumberKind } from '@scenaria/typing';
import { readsBudget } from '../internal/method-dsl';
import { classOf } from '../internal/types';
import type { NodeTyping } from '../typer/typer';

// What both compilers (the closure compiler in compile.ts and the code generator in generate.ts) read off the
// typed tree before anything runs: the static kinds they specialise operators on, the constants they fold, and
// whether a node needs an evaluation budget. One copy, so the two evaluators cannot disagree on them.

// What building an inline map or list costs beyond a plain step, in steps (a million steps of ordinary work take
// 35-40 ms): a Map about 150 ns and 30 ns an entry, a list about 30-100 ns (the closure evaluator's dearer) and a
// few ns an item, measured on Node 20 by projecting 100,000 elements into each shape. Charged at a step each, a
// projection building small maps ran ten times the time the budget stands for.
const STEPS_PER_MAP = 4;
const STEPS_PER_LIST = 2;
const ITEMS_PER_LIST_STEP = 4;

const elementSteps = new WeakMap<AstNode, number>();

/**
 * The steps a selection or projection charges for each element, before its loop runs: one for the iteration, and
 * what the inline maps and lists its body builds anew for every element cost (`STEPS_PER_MAP`...). The bodies of
 * nested selections and projections are not counted: those charge their own elements when they run. Charged once
 * per loop, it costs the hot path nothing, and an element count times it bounds what the loop allocates in literals.
 */
export function stepsPerElement(body: AstNode): number {
  let steps = elementSteps.get(body);
  if (steps === undefined) {
    steps = 1 + literalStepsWithin(body);
    elementSteps.set(body, steps);
  }
  return steps;
}

function literalStepsWithin(node: AstNode): number {
  let steps = 0;
  if (node.kind === 'inlineMap') steps += STEPS_PER_MAP + node.entries.length;
  else if (node.kind === 'inlineList') steps += STEPS_PER_LIST + Math.ceil(node.items.length / ITEMS_PER_LIST_STEP);
  if (node.kind === 'selection' || node.kind === 'projection') {
    // The target is evaluated for every element of the enclosing loop; the body is this loop's own charge.
    return node.target ? literalStepsWithin(node.target) : 0;
  }
  forEachChild(node, (child) => {
    steps += literalStepsWithin(child);
  });
  return steps;
}

/** The number kind or String that the typer found for a node, if it is one of them. */
export type StaticKind = NumberKind | 'String' | undefined;

/**
 * Kinds that arithmetic and comparison specialise on: Integer (a JS number), Long (a bigint) and Double (a
 * wrapper of a JS number). Any mix of them is computed on raw numbers or bigints; other kinds take the general
 * promotion.
 */
export function isPlainKind(kind: StaticKind): kind is 'Integer' | 'Long' | 'Double' {
  return kind === 'Integer' || kind === 'Long' || kind === 'Double';
}

/** Integer or Long: kinds that meet in Long (64-bit wrapping bigint arithmetic). */
export function isIntegral(kind: StaticKind): kind is 'Integer' | 'Long' {
  return kind === 'Integer' || kind === 'Long';
}

/** The static kind of a node: what operators on it are specialised for. */
export function staticKindOf(nodes: Map<AstNode, NodeTyping>, node: AstNode): StaticKind {
  const type = nodes.get(node)?.type;
  if (!type) return undefined;
  const cls = classOf(type);
  if (!cls) return undefined;
  if (cls.className === 'java.lang.String') return 'String';
  return numberKindOfClassName(cls.className);
}

/** The compile-time value of a pure node (literals and folded operations), or undefined. */
export function constantValueOf(nodes: Map<AstNode, NodeTyping>, node: AstNode): unknown {
  const type = nodes.get(node)?.type;
  if (!type || type.kind !== 'value' || !isPure(node)) return undefined;
  const value = knownValueOf(type)?.value;
  // A list of records is known to the typer (for display) but built afresh: a Map shared between evaluations
  // could be changed by whoever receives it.
  return holdsMap(value) ? undefined : value;
}

function holdsMap(value: unknown): boolean {
  return value instanceof Map || (Array.isArray(value) && value.some(holdsMap));
}

/** Nodes whose value depends on nothing but their children (safe to replace by a known value). */
const purity = new WeakMap<AstNode, boolean>();

/**
 * True when a node's value follows from literals alone. Only then may the typer's known value stand in for
 * evaluation: a variable typed with a known value (a generator's literal record, say) is a hint of the type,
 * while at runtime it holds whatever record arrives.
 */
export function isPure(node: AstNode): boolean {
  let pure = purity.get(node);
  if (pure === undefined) {
    switch (node.kind) {
      case 'literal':
        pure = true;
        break;
      case 'binary':
        pure = isPure(node.left) && isPure(node.right);
        break;
      case 'unary':
        pure = isPure(node.operand);
        break;
      case 'inlineList':
        pure = node.items.every(isPure);
        break;
      default:
        pure = false;
    }
    purity.set(node, pure);
  }
  return pure;
}

/**
 * Whether a call outside an installed budget must still be charged its cost (against the expression's own
 * budget, passed to the cost hook, see `invokeMetered`): costs that grow with an argument (`repeat(n)`) or build
 * a result as large as the input (`split`, `toUpperCase`) must, as a tree can repeat such a call once per node.
 * Linear scans (a search, a comparison) need not: a tree without loops makes at most as many as it has nodes,
 * each bounded by the size of its inputs and leaving nothing behind.
 */
export function isMeteredCall(method: MethodDefinition): boolean {
  return method.cost !== undefined && !isLinearScan(method.cost);
}

/**
 * Whether evaluating this node (not its children) may need an installed budget. Loops, this package's helpers
 * (which read the active budget) and members chosen at runtime do; a call of a fixed registry method does not:
 * its cost, if any, is charged to the expression's budget without installing it (see `isMeteredCall`).
 */
export function nodeNeedsBudget(node: AstNode, typing: NodeTyping | undefined): boolean {
  if (node.kind === 'selection' || node.kind === 'projection' || node.kind === 'constructor' || typing?.dynamic || (typing?.method !== undefined && readsBudget(typing.method))) {
    return true;
  }
  if (node.kind === 'methodCall' && typing?.method === undefined) return true;
  // Dynamic member access may run any registry getter.
  if (node.kind === 'indexer') return typing?.mapKey === undefined;
  if (node.kind === 'property') return typing?.mapKey === undefined && typing?.method === undefined && typing?.staticValue === undefined;
  return false;
}
