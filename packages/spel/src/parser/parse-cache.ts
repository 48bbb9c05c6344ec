import { parseExpression, parseTemplate, type ParseResult, type TemplateParseResult } from './parse-expression';

/** How many texts, and how many of their characters, one thread's parse cache holds at most. */
export const PARSE_CACHE_MAX_ENTRIES = 4096;
export const PARSE_CACHE_MAX_CHARS = 256 * 1024;
// A longer text would push out hundreds of ordinary ones and is rarely typed twice unchanged.
const MAX_CACHED_TEXT = 4096;

/**
 * Parse results by text, most recently used kept, shared by every typing and compilation on this thread. From one
 * save, validation or keystroke to the next, almost every expression of a scenario is the same text, and its parse
 * was three quarters of typing it. A cached tree is frozen all the way down: typing and compiling key their facts
 * by node (a Map per call), never on the node, so one tree serves every call, and a mutation would throw.
 */
class ParseCache<Result> {
  readonly #entries = new Map<string, Result>();
  #chars = 0;

  constructor(private readonly parse: (text: string) => Result) {}

  get(text: string): Result {
    const cached = this.#entries.get(text);
    if (cached !== undefined) {
      this.#entries.delete(text);
      this.#entries.set(text, cached);
      return cached;
    }
    const result = deepFreeze(this.parse(text));
    if (text.length > MAX_CACHED_TEXT) return result;
    this.#entries.set(text, result);
    this.#chars += text.length;
    while (this.#entries.size > PARSE_CACHE_MAX_ENTRIES || this.#chars > PARSE_CACHE_MAX_CHARS) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
      this.#chars -= oldest.length;
    }
    return result;
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#chars = 0;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}

const expressions = new ParseCache<ParseResult>((text) => parseExpression(text));
const templates = new ParseCache<TemplateParseResult>(parseTemplate);

/** `parseExpression(text)`, shared and frozen: the same object for the same text while it stays cached. */
export const cachedParseExpression = (text: string): Readonly<ParseResult> => expressions.get(text);

/** `parseTemplate(text)`, shared and frozen. */
export const cachedParseTemplate = (text: string): Readonly<TemplateParseResult> => templates.get(text);

/** How many texts are cached (for tests and diagnostics), and a way to empty the caches. */
export const parseCacheSize = (): number => expressions.size + templates.size;
export const clearParseCache = (): void => {
  expressions.clear();
  templates.clear();
};
