/**
 * Whether an expression names a time zone. The zone rules (about 1 MB) load on demand, in the typing worker
 * only, so such an expression is typed there once they arrived.
 */
export function namesTimeZone(text: string): boolean {
  return /zone/i.test(text);
}
