import { displayType, suggestExpression, typeExpression, type TypingResult } from '@scenaria/spel';
import { typingResultFromJson, type TypingResultJson } from '@scenaria/typing';
import { expressionEnvironment, type ExpressionModel } from '@scenaria/validation';
import type { ExpressionCheck, ExpressionCompletionItem, ExpressionContext, ExpressionService } from './expression-service';

/**
 * The part of the model the browser knows: none. The model stays on the server, and the definitions answer
 * names its classes without their methods. So the browser types in the environment of a model without classes
 * or globals of its own: the language's helpers over the standard class whitelist, built by the same function
 * the server uses. `#meta` comes with the context (the node's fields add it from the scenario's properties).
 */
const browserModel: ExpressionModel = { classes: [], globalVariables: {} };

/**
 * Expression typing and completion in the browser with @scenaria/spel, against the variable types the
 * last validation reported for the node (`nodeResults[node].variableTypes`).
 */
export function createSpelService(): ExpressionService {
  // Contexts are rebuilt only when validation answers, so decoding once per variables object is enough.
  const decoded = new WeakMap<object, Record<string, TypingResult>>();

  function variablesOf(json: Readonly<Record<string, TypingResultJson>>): Record<string, TypingResult> {
    const cached = decoded.get(json);
    if (cached) return cached;
    const variables: Record<string, TypingResult> = {};
    for (const [name, typeJson] of Object.entries(json)) {
      const result = typingResultFromJson(typeJson);
      if (result.ok) variables[name] = result.value;
    }
    decoded.set(json, variables);
    return variables;
  }

  function expectedTypeOf(context: ExpressionContext): TypingResult | undefined {
    if (!context.expectedType) return undefined;
    const result = typingResultFromJson(context.expectedType);
    return result.ok ? result.value : undefined;
  }

  const { registry, globals, variableTypes: globalTypes } = expressionEnvironment(browserModel);
  const globalNames = new Set(Object.keys(globalTypes));
  /**
   * Whether the text names a variable whose type is not known yet: not a helper global, and not one the context
   * brings before any validation (`#meta`, from the scenario's properties).
   */
  const usesUnknownScope = (text: string, variables: Readonly<Record<string, unknown>>) =>
    [...text.matchAll(/#([A-Za-z_$][\w$]*)/g)].some((match) => {
      const name = match[1] ?? '';
      return !globalNames.has(name) && name !== 'this' && name !== 'root' && !Object.hasOwn(variables, name);
    });

  function checkText(text: string, context: ExpressionContext): ExpressionCheck {
    if (text.trim() === '') return { problems: [] };
    const result = typeExpression(text, {
      registry,
      globals,
      variables: variablesOf(context.variables),
      language: context.language,
      expectedType: expectedTypeOf(context),
    });
    // Without the scope from validation, typing errors would be guesses; syntax errors are still certain.
    const guessing = context.variablesKnown === false && usesUnknownScope(text, context.variables);
    const errors = guessing ? result.errors.filter((error) => error.code === 'SyntaxError') : result.errors;
    return {
      type: result.errors.length === 0 ? displayType(result.type) : undefined,
      problems: errors.map((error) => ({ from: error.range.start, to: error.range.end, message: error.message })),
    };
  }

  // The field shows the type and the linter marks errors for the same text: type it once.
  let last: { text: string; context: ExpressionContext; check: ExpressionCheck } | undefined;

  return {
    check(text, context) {
      if (last && last.text === text && last.context === context) return last.check;
      const check = checkText(text, context);
      last = { text, context, check };
      return check;
    },
    complete(text, cursor, context) {
      const result = suggestExpression(text, cursor, variablesOf(context.variables), { registry, globals });
      const items = result.suggestions.map((suggestion): ExpressionCompletionItem => ({
        label: suggestion.label,
        kind: suggestion.kind === 'field' || suggestion.kind === 'staticField' ? 'property' : suggestion.kind,
        ...(suggestion.insertText !== suggestion.label ? { apply: suggestion.insertText } : {}),
        detail: suggestion.detail,
        ...(suggestion.documentation ? { info: suggestion.documentation } : {}),
      }));
      return { from: result.range.start, items };
    },
  };
}
