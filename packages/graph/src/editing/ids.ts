/**
 * A node id based on `base` that none of `taken` uses: `base` itself when free, otherwise `base 2`,
 * `base 3`... (a trailing ` <number>` of `base` is dropped first, so copying "filter 2" gives "filter 3").
 */
export function uniqueNodeId(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  const stem = base.replace(/ \d+$/u, '');
  for (let counter = 2; ; counter++) {
    const candidate = `${stem} ${counter}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Default id of a new node of a component: the component's name as the designer shows it, made unique. */
export function newNodeId(componentName: string, taken: Iterable<string>): string {
  // Dots and quotes are not allowed in ids (see identifiers.ts); component names such as "kafka.v2" keep working.
  const base = componentName.replace(/["'.]/gu, ' ').replace(/\s+/gu, ' ').trim() || 'node';
  return uniqueNodeId(base, taken);
}
