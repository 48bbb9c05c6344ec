import { deepFreeze } from '@scenaria/typing';
import { parseExpression, parseTemplate, type ParseResult, type TemplateParseResult } from './parse-expression';

/**
 * How many texts, how many of their characters and how many objects of their trees one thread's parse cache holds
 * at most. The objects bound the memory (7.6 MB measured at most): 4,096-character texts of 2,000 operators each kept
 * 45 MB under the character bound alone. The number of texts is the loosest: a scenario of 10,000 short
 * expressions fits within the other two.
 */
export const PARSE_CACHE_MAX_ENTRIES = 16_384;
export const PARSE_CACHE_MAX_CHARS = 1024 * 1024;
export const PARSE_CACHE_MAX_OBJECTS = 100_000;
// A longer text would push out hundreds of ordinary ones and is rarely typed twice unchanged.
const MAX_CACHED_TEXT = 4096;

interface Entry<Result> {
  result: Result;
  objects: number;
  /** Asked since it was placed or last passed over. */
  used: boolean;
}

/**
 * Parse results by text, shared by every typing and compilation on this thread. From one save, validation or
 * keystroke to the next, almost every expression of a scenario is the same text, and its parse was three quarters
 * of typing it. A cached tree is frozen all the way down: typing and compiling key their facts by node (a Map per
 * call), never on the node, so one tree serves every call, and a mutation would throw.
 *
 * Which texts stay: a hit marks its entry used. While there is room every new text is kept. Once the cache is full,
 * a new text is kept only when it is asked a second time (the texts turned away are remembered by a hash, up to as
 * many as the cache holds), and it takes the place of the oldest entries not used since they were placed or last
 * passed over; a used one is passed over (unmarked, moved to the newest end) and the text is turned away again.
 * Plain least-recently-used kept nothing of a scenario with more expressions than the cache holds: each validation
 * asked them in the same order, every text was dropped just before it was asked again, and a 5,000-node scenario
 * was typed at three times the cost per node of a 1,000-node one. Here the texts that are asked again stay, and a
 * run of texts asked once (a scan, keystrokes) passes by without pushing them out.
 */
class ParseCache<Result extends object> {
  readonly #entries = new Map<string, Entry<Result>>();
  /** Hashes of texts turned away while the cache was full: asked again, they may take a place. */
  readonly #turnedAway = new Set<number>();
  #filled = false;
  #chars = 0;
  #objects = 0;

  constructor(private readonly parse: (text: string) => Result) {}

  get(text: string): Result {
    const cached = this.#entries.get(text);
    if (cached !== undefined) {
      cached.used = true;
      return cached.result;
    }
    const result = this.parse(text);
    if (text.length > MAX_CACHED_TEXT) return result;
    // Once full, a text asked for the first time is turned away before its tree is counted and frozen: as the cache
    // keeps part of a scenario too large for it, that is most of what asking the rest costs.
    const welcomed = this.#filled && this.#welcomes(text);
    if (this.#filled && !welcomed) return result;
    const objects = deepFreeze(result);
    if (!this.#makeRoom(text, objects, welcomed)) return result;
    this.#entries.set(text, { result, objects, used: false });
    this.#chars += text.length;
    this.#objects += objects;
    return result;
  }

  /** Whether a text may take a place in the full cache: it was turned away before. If not, it is remembered. */
  #welcomes(text: string): boolean {
    const hash = textHash(text);
    if (this.#turnedAway.delete(hash)) return true;
    if (this.#turnedAway.size >= PARSE_CACHE_MAX_ENTRIES) this.#turnedAway.clear();
    this.#turnedAway.add(hash);
    return false;
  }

  /**
   * Room for one more text and its `objects` tree objects, or false when it is not to be kept (`welcomed`: the
   * text already passed `#welcomes`).
   */
  #makeRoom(text: string, objects: number, welcomed: boolean): boolean {
    const chars = text.length;
    if (objects > PARSE_CACHE_MAX_OBJECTS) return false;
    if (!this.#full(chars, objects)) return true;
    // Nothing leaves the cache but for a newcomer: from now on it stays full.
    this.#filled = true;
    if (!welcomed && !this.#welcomes(text)) return false;
    while (this.#entries.size > 0 && this.#full(chars, objects)) {
      const [oldest, entry] = this.#entries.entries().next().value as [string, Entry<Result>];
      this.#entries.delete(oldest);
      if (entry.used) {
        entry.used = false;
        this.#entries.set(oldest, entry);
        return false;
      }
      this.#chars -= oldest.length;
      this.#objects -= entry.objects;
    }
    return true;
  }

  #full(chars: number, objects: number): boolean {
    return this.#entries.size >= PARSE_CACHE_MAX_ENTRIES || this.#chars + chars > PARSE_CACHE_MAX_CHARS || this.#objects + objects > PARSE_CACHE_MAX_OBJECTS;
  }

  get weight(): { texts: number; chars: number; objects: number } {
    return { texts: this.#entries.size, chars: this.#chars, objects: this.#objects };
  }

  clear(): void {
    this.#entries.clear();
    this.#turnedAway.clear();
    this.#filled = false;
    this.#chars = 0;
    this.#objects = 0;
  }
}

/** FNV-1a over the text's UTF-16 units: two texts of one hash only make a turned-away text welcome sooner. */
function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
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
