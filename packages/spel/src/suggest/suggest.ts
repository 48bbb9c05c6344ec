import type { SourceRange } from '../ast/nodes';
import { defaultGlobals, registryFor, type Globals } from '../helpers/globals';
import {
  displayType, simpleClassName, unknownType, withoutValue, type ClassRegistry, type MethodDefinition,
  type TypingResult,
} from '@scenaria/typing';
import { classOf } from '../internal/types';
import { parseExpression } from '../parser/parse-expression';
import { defaultExpressionConfig, type ExpressionConfig } from '../typer/config';
import { typeTree } from '../typer/typer';

/** One completion proposal. */
export interface Suggestion {
  label: string;
  kind: 'variable' | 'field' | 'method' | 'class' | 'staticField';
  /** Text that replaces `range`. */
  insertText: string;
  /** Type or signature, e.g. `concat(list: List[Unknown], lists: List[Unknown]...): List[Unknown]`. */
  detail: string;
  documentation?: string;
}

/** Completion proposals and the part of the text they replace. */
export interface SuggestionResult {
  suggestions: Suggestion[];
  range: SourceRange;
}

/** Options of `suggestExpression` (same meaning as for typing). */
export interface SuggestOptions {
  registry?: ClassRegistry;
  globals?: Globals | null;
  config?: Partial<ExpressionConfig>;
}

const PLACEHOLDER = '__scenariaCompletion__';

/** The closing brackets for the brackets still open in `text`, or null inside an unterminated string. */
function closersFor(text: string): string | null {
  const stack: string[] = [];
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === quote) {
        if (text[i + 1] === quote) i++;
        else quote = null;
      }
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    else if (char === '(') stack.push(')');
    else if (char === '[') stack.push(']');
    else if (char === '{') stack.push('}');
    else if ((char === ')' || char === ']' || char === '}') && stack[stack.length - 1] === char) stack.pop();
  }
  return quote ? null : stack.reverse().join('');
}

function matches(candidate: string, prefix: string): boolean {
  return candidate.toLowerCase().startsWith(prefix.toLowerCase());
}

function signature(method: MethodDefinition, target: TypingResult): string {
  const params = method.params.map((param, i) => `${param.name}: ${displayType(param.type)}${method.varArgs && i === method.params.length - 1 ? '...' : ''}`);
  let result = 'Unknown';
  try {
    const computed = typeof method.result === 'function' ? method.result(target, method.params.map((param) => param.type)) : method.result;
    result = 'error' in computed && typeof computed.error === 'string' ? 'Unknown' : displayType(computed as TypingResult);
  } catch {
    result = 'Unknown';
  }
  return `${method.name}(${params.join(', ')}): ${result}`;
}

function methodSuggestions(methods: readonly MethodDefinition[], target: TypingResult, prefix: string): Suggestion[] {
  const seen = new Set<string>();
  const suggestions: Suggestion[] = [];
  for (const method of methods) {
    if (!matches(method.name, prefix) || method.name === '<init>') continue;
    const detail = signature(method, target);
    if (seen.has(detail)) continue;
    seen.add(detail);
    const suggestion: Suggestion = { label: method.name, kind: 'method', insertText: method.params.length === 0 ? method.name : `${method.name}(`, detail };
    if (method.description) suggestion.documentation = method.description;
    suggestions.push(suggestion);
  }
  return suggestions;
}

function memberSuggestions(target: TypingResult, staticClass: string | undefined, prefix: string, registry: ClassRegistry): Suggestion[] {
  const suggestions: Suggestion[] = [];
  if (staticClass !== undefined) {
    const definition = registry.getClass(staticClass);
    for (const field of definition?.staticFields ?? []) {
      const name = field.name;
      if (matches(name, prefix)) suggestions.push({ label: name, kind: 'staticField', insertText: name, detail: displayType(field.type) });
    }
    suggestions.push(...methodSuggestions(definition?.staticMethods ?? [], target, prefix));
    return suggestions;
  }
  const types = target.kind === 'union' ? target.types : [target];
  for (const type of types) {
    if (type.kind === 'record') {
      for (const [name, fieldType] of type.fields) {
        if (matches(name, prefix)) suggestions.push({ label: name, kind: 'field', insertText: /^[A-Za-z_$][\w$]*$/.test(name) ? name : `['${name.replace(/'/g, "''")}']`, detail: displayType(fieldType) });
      }
    }
    const className = type.kind === 'unknown' || type.kind === 'null' ? 'java.lang.Object' : (classOf(type)?.className ?? 'java.lang.Object');
    const plain = withoutValue(type);
    const methods = registry.instanceMethods(className).filter((method) => method.appliesTo === undefined || method.appliesTo(plain));
    suggestions.push(...methodSuggestions(methods, type, prefix));
  }
  return suggestions;
}

/**
 * What can follow at `cursor`: variables after `#`, fields and methods after `.`, class names inside
 * `T(...)`, and `#this` members or variables elsewhere. `range` is the text the chosen suggestion replaces.
 * @example suggestExpression('#input.na', 9, { input: recordType({ name: Types.String }) })
 */
export function suggestExpression(
  text: string,
  cursor: number,
  variables: Readonly<Record<string, TypingResult>> = {},
  options: SuggestOptions = {},
): SuggestionResult {
  const globals = options.globals === undefined ? defaultGlobals() : options.globals;
  const registry = registryFor(options.registry, globals);
  const allVariables = new Map<string, TypingResult>(Object.entries(globals?.types ?? {}));
  for (const [name, type] of Object.entries(variables)) allVariables.set(name, type);
  const before = text.slice(0, Math.max(0, Math.min(cursor, text.length)));
  const prefix = /[\w$]*$/.exec(before)![0];
  const prefixStart = before.length - prefix.length;
  const range = { start: prefixStart, end: before.length };
  const closers = closersFor(before);
  if (closers === null) return { suggestions: [], range };

  const typeReference = /T\(\s*([\w$.]*)$/.exec(before);
  if (typeReference) {
    const written = typeReference[1]!;
    const start = before.length - written.length;
    const suggestions = registry
      .classes()
      .filter((definition) => !definition.name.startsWith('pl.touk.') && !definition.name.startsWith('['))
      .flatMap((definition): Suggestion[] => {
        const simple = definition.simpleName ?? simpleClassName(definition.name);
        const label = matches(definition.name, written) ? definition.name : matches(simple, written) ? simple : undefined;
        if (label === undefined) return [];
        const suggestion: Suggestion = { label, kind: 'class', insertText: definition.name, detail: definition.name };
        if (definition.description) suggestion.documentation = definition.description;
        return [suggestion];
      });
    return { suggestions, range: { start, end: before.length } };
  }

  const charBefore = before[prefixStart - 1];
  if (charBefore === '#') {
    const suggestions: Suggestion[] = [];
    for (const [name, type] of allVariables) {
      if (matches(name, prefix)) suggestions.push({ label: `#${name}`, kind: 'variable', insertText: `#${name}`, detail: displayType(type), ...docOf(type, registry) });
    }
    return { suggestions, range: { start: prefixStart - 1, end: before.length } };
  }

  // Type a probe where the cursor is replaced by a placeholder property and open brackets are closed.
  const probe = `${before.slice(0, prefixStart)}${PLACEHOLDER}${closers}`;
  const { ast } = parseExpression(probe);
  const config = { ...defaultExpressionConfig, ...options.config };
  let nodes: ReturnType<typeof typeTree>['nodes'];
  try {
    nodes = typeTree(ast, { variables: allVariables, registry, config }).nodes;
  } catch (error) {
    if (error instanceof RangeError) return { suggestions: [], range };
    throw error;
  }
  let placeholder: { target: TypingResult; staticClass: string | undefined; isBare: boolean } | undefined;
  for (const [node, typing] of nodes) {
    if (node.kind === 'property' && node.name === PLACEHOLDER) {
      const staticClass = node.target ? nodes.get(node.target)?.staticClass : undefined;
      placeholder = { target: typing.targetType ?? unknownType, staticClass, isBare: node.target === null };
      if (node.target === null && typing.targetType === undefined) placeholder = undefined;
      break;
    }
  }
  const isMember = charBefore === '.';
  const suggestions: Suggestion[] = [];
  if (placeholder && (isMember || placeholder.isBare)) {
    suggestions.push(...memberSuggestions(placeholder.target, placeholder.staticClass, prefix, registry));
  }
  if (!isMember) {
    for (const [name, type] of allVariables) {
      if (matches(name, prefix)) suggestions.push({ label: `#${name}`, kind: 'variable', insertText: `#${name}`, detail: displayType(type), ...docOf(type, registry) });
    }
  }
  return { suggestions, range };
}

function docOf(type: TypingResult, registry: ClassRegistry): { documentation?: string } {
  const className = classOf(type)?.className;
  const description = className ? registry.getClass(className)?.description : undefined;
  return description ? { documentation: description } : {};
}

