/** Which statement texts are worth keeping prepared. */
export interface PreparedStatementOptions {
  /** A statement text is prepared when it is run this many times (texts seen once, such as migrations, never are). */
  preparedAfter?: number;
  /** At most this many statements stay prepared; later texts run unprepared (their count is not kept either). */
  maxStatements?: number;
  /** At most this many distinct texts are counted while waiting for `preparedAfter`. */
  maxCounted?: number;
  /** ... and at most this many characters of them: texts grow with their parameter lists (`in ($1, ..., $n)`). */
  maxCountedChars?: number;
}

/** Decides, text by text, which statements a driver keeps prepared, and remembers those it chose. */
export interface RepeatedStatements {
  /** Whether `text` runs as a prepared statement now (counting this run). */
  wanted(text: string): boolean;
  /** The text is prepared no more (its statement was dropped): it may be chosen again. */
  forget(text: string): void;
}

/**
 * Planning a short statement costs about as much as running it, and a database plans an unnamed statement anew
 * every time: the server's own statements (a save's write, a list's change check) repeat thousands of times, so
 * each is prepared once it has proved repeated. Texts seen once or twice never are, and both the prepared and the
 * counted texts are bounded, so statements whose text varies (a value written into it) cannot fill the
 * database's memory or ours.
 */
export function repeatedStatements(options: PreparedStatementOptions = {}): RepeatedStatements {
  const preparedAfter = Math.max(1, options.preparedAfter ?? 3);
  const maxStatements = options.maxStatements ?? 256;
  const maxCounted = options.maxCounted ?? 4096;
  const maxCountedChars = options.maxCountedChars ?? 2 ** 20;
  const prepared = new Set<string>();
  const seen = new Map<string, number>();
  let seenChars = 0;
  return {
    wanted(text) {
      if (prepared.has(text)) return true;
      if (prepared.size >= maxStatements) return false;
      const count = (seen.get(text) ?? 0) + 1;
      if (count >= preparedAfter) {
        if (seen.delete(text)) seenChars -= text.length;
        prepared.add(text);
        return true;
      }
      if (seen.has(text)) seen.set(text, count);
      else if (seen.size < maxCounted && seenChars + text.length <= maxCountedChars) {
        seen.set(text, count);
        seenChars += text.length;
      }
      return false;
    },
    forget(text) {
      prepared.delete(text);
    },
  };
}
