import { describe, expect, it } from 'vitest';
import { displayType, typesEqual, typingResultFromJson, typingResultToJson } from '@scenaria/typing';
import { defaultGlobals } from '../src/helpers/globals';

// The helper globals' types go out in the API's `nodeResults` and come back from the original's front end: each
// must decode to itself when the decoder knows the registry's classes (typing's own round-trip test covers the
// other kinds of types; this one covers the classes only this package defines).

describe('helper globals survive the typing-result JSON round trip', () => {
  const globals = defaultGlobals();
  const isKnownClass = (name: string) => globals.registry.hasClass(name);
  const entries = Object.entries(globals.types);

  it('covers every helper global', () => {
    expect(entries.map(([name]) => name).sort()).toEqual(['BASE64', 'COLLECTION', 'CONV', 'DATE', 'DATE_FORMAT', 'GEO', 'NUMERIC', 'RANDOM', 'UTIL']);
  });

  it.each(entries)('#%s', (_name, type) => {
    const decoded = typingResultFromJson(JSON.parse(JSON.stringify(typingResultToJson(type))), { isKnownClass });
    expect(decoded.ok && typesEqual(decoded.value, type)).toBe(true);
    expect(decoded.ok && displayType(decoded.value)).toBe(displayType(type));
  });

  it('are refused by a decoder that does not know their classes, as the original refuses unknown classes', () => {
    const decoded = typingResultFromJson(typingResultToJson(globals.types.COLLECTION!));
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.errors[0]?.code).toBe('UnknownClass');
  });
});
