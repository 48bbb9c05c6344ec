import { describe, expect, it } from 'vitest';
import { booleanLiteral, quoteSpelString, unquoteSpelString } from './literals';

describe('SpEL literals', () => {
  it('round-trips strings with quotes', () => {
    expect(quoteSpelString("it's")).toBe("'it''s'");
    expect(unquoteSpelString("'it''s'")).toBe("it's");
    expect(unquoteSpelString(quoteSpelString('a "b" c'))).toBe('a "b" c');
  });
  it('treats the empty expression as empty text and refuses non-literals', () => {
    expect(unquoteSpelString('')).toBe('');
    expect(quoteSpelString('')).toBe('');
    expect(unquoteSpelString("'a' + 'b'")).toBeUndefined();
    expect(unquoteSpelString('#input')).toBeUndefined();
  });
  it('reads boolean literals', () => {
    expect(booleanLiteral(' TRUE ')).toBe(true);
    expect(booleanLiteral('false')).toBe(false);
    expect(booleanLiteral('#x > 1')).toBeUndefined();
  });
});
