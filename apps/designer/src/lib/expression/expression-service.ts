import type { TypingResultJson } from '@scenaria/api-contract';

/** What the editor knows about where an expression is typed: the variables in scope and the language. */
export interface ExpressionContext {
  language: 'spel' | 'spelTemplate';
  /** Types in their JSON form (semantics.md §6) as validation sends them; the service decodes them. */
  variables: Readonly<Record<string, TypingResultJson>>;
  /**
   * False when no validation has told us the variables in scope yet (a node just added): then typing errors of
   * an expression that names a variable missing from `variables` are not reported, instead of flagging every
   * `#input`; the variables given (`#meta`) are typed in full.
   */
  variablesKnown?: boolean;
  expectedType?: TypingResultJson;
}

export interface ExpressionProblem {
  from: number;
  to: number;
  message: string;
}

export interface ExpressionCheck {
  /** Display form of the expression's type, e.g. `Integer(5)` or `List[String]`. */
  type?: string;
  problems: ExpressionProblem[];
}

export interface ExpressionCompletionItem {
  label: string;
  kind: 'variable' | 'property' | 'method' | 'class' | 'keyword';
  /** Text inserted when chosen, when it differs from the label (e.g. `toUpperCase()`). */
  apply?: string;
  detail?: string;
  info?: string;
}

export interface ExpressionCompletions {
  /** Where the replaced word starts. */
  from: number;
  items: ExpressionCompletionItem[];
}

/**
 * Typing and completion of expressions in the browser. The designer's implementation calls @scenaria/spel;
 * the editor component only depends on this shape.
 */
export interface ExpressionService {
  check(text: string, context: ExpressionContext): ExpressionCheck;
  complete(text: string, cursor: number, context: ExpressionContext): ExpressionCompletions;
}
