import { describe, expect, it } from 'vitest';
import type { TypingResultJson } from '@scenaria/typing';
import type { ExpressionContext } from './expression-service';
import { checkOnPage, loadPageTyping as loadFrom, MAX_PAGE_TYPED_LENGTH } from './page-typing';

// The bundled entry exists only in a vite build; here the same module is imported from source.
const loadPageTyping = () => loadFrom(() => import('./page-typing.entry'));
import { namesTimeZone } from './time-zone-names';

const integer: TypingResultJson = { type: 'TypedClass', refClazzName: 'java.lang.Integer', params: [], display: 'Integer' };
const context: ExpressionContext = { language: 'spel', variables: { amount: integer } };

describe('typing on the page', () => {
  it('answers only once its typing code has loaded, as the worker would', async () => {
    expect(checkOnPage('#amount + 1', context)).toBeUndefined();
    await loadPageTyping();
    expect(checkOnPage('#amount + 1', context)).toEqual({ type: 'Integer', problems: [] });
    expect(checkOnPage('#nosuch', context)?.problems.length).toBeGreaterThan(0);
  });

  it('leaves texts naming a time zone, and long texts, to the worker', async () => {
    await loadPageTyping();
    expect(namesTimeZone("T(java.time.ZoneId).of('Europe/Warsaw')")).toBe(true);
    expect(checkOnPage("T(java.time.ZoneId).of('Europe/Warsaw')", context)).toBeUndefined();
    const long = `${'1 + '.repeat(MAX_PAGE_TYPED_LENGTH / 4)}1`;
    expect(long.length).toBeGreaterThan(MAX_PAGE_TYPED_LENGTH);
    expect(checkOnPage(long, context)).toBeUndefined();
    expect(checkOnPage('1 + 1', context)).toEqual({ type: 'Integer(2)', problems: [] });
  });
});
