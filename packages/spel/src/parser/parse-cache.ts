import { deepFreeze } from '@scenaria/typing';
import { parseExpression, parseTemplate, type ParseResult, type TemplateParseResult } from './parse-expression';

/**
 * How many texts, how many of their characters and how many objects of their trees one thread's parse cache holds
 * at most. The objects bound the memory (7.6 MB measured at most): 4,096-character texts of 2,000 operators each kept
 * 45 MB under the character bound alone.
 */
export const PARSE_CACHE_MAX_ENTRIES = 4096;
export const PARSE_CACHE_MAX_CHARS = 256 * 1024;
export const PARSE_CACHE_MAX_OBJECTS = 100_000;
// A longer text would push out hundreds of ordinary ones and is rarely typed twice unchanged.
const MAX_CACHED_TEXT = 4096;

/**
 * Parse results by text, most recently used kept, shared by every typing and compilation on this thread. From one
 * save, validation or keystroke to the next, almost every expression of a scenario is the same text, and its parse
 * was three quarters of typing it. A cached tree is frozen all the way down: typing and compiling key their facts
 * by node (a Map per call), never on the node, so one tree serves every call, and a mutation would throw.
 */
class ParseCache<Result extends object> {
  readonly #entries = new Map<string, { result: Result; objects: number; placed: number }>();
  // How many times an entry was placed at the newest end: an entry's `placed` is this count at its placing.
  #placings = 0;
  #chars = 0;
  #objects = 0;

  constructor(private readonly parse: (text: string) => Result) {}

  get(text: string): Result {
    const cached = this.#entries.get(text);
    if (cached !== undefined) {
      // Moved to the newest end only from the older half: fewer than half the entries were placed after it, so
      // the eviction that starts at the oldest end reaches it only after it has been asked again. Moving every
      // hit (a delete and a set in the Map) cost four times the lookups of a whole scenario.
      if (this.#placings - cached.placed > this.#entries.size / 2) {
        this.#entries.delete(text);
        cached.placed = ++this.#placings;
        this.#entries.set(text, cached);
      }
      return cached.result;
    }
    const result = this.parse(text);
    const objects = deepFreeze(result);
    if (text.length > MAX_CACHED_TEXT) return result;
    this.#entries.set(text, { result, objects, placed: ++this.#placings });
    this.#chars += text.length;
    this.#objects += objects;
    while (this.#entries.size > PARSE_CACHE_MAX_ENTRIES || this.#chars > PARSE_CACHE_MAX_CHARS || this.#objects > PARSE_CACHE_MAX_OBJECTS) {
      const [oldest, { objects: dropped }] = this.#entries.entries().next().value as [string, { objects: number }];
      this.#entries.delete(oldest);
      this.#chars -= oldest.length;
      this.#objects -= dropped;
    }
    return result;
  }

  get weight(): { texts: number; chars: number; objects: number } {
    return { texts: this.#entries.size, chars: this.#chars, objects: this.#objects };
  }

  clear(): void {
    this.#entries.clear();
    this.#chars = 0;
    this.#objects = 0;
  }
}

const expressions = new ParseCache<ParseResult>((text) => parseExpression(text));
const templates = new ParseCache<TemplateParseResult>(parseTemplate);

/** `parseExpression(text)`, shared and frozen: the same object for the same text while it stays cached. */
export const cachedParseExpression = (text: string): Readonly<ParseResult> => expressions.get(text);

/** `parseTemplate(text)`, shared and frozen. */
export const cachedParseTemplate = (text: string): Readonly<TemplateParseResult> => templates.get(text);

/** What the caches hold (for tests and diagnostics), and a way to empty them. */
export const parseCacheWeight = (): { texts: number; chars: number; objects: number } => {
  const [a, b] = [expressions.weight, templates.weight];
  return { texts: a.texts + b.texts, chars: a.chars + b.chars, objects: a.objects + b.objects };
};
export const clearParseCache = (): void => {
  expressions.clear();
  templates.clear();
};
