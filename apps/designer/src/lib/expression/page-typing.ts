import type { ExpressionCheck, ExpressionContext, ExpressionService } from './expression-service';
import { PAGE_TYPING_KEY } from './page-typing-key';
import { namesTimeZone } from './time-zone-names';

// A key's type shows in the key's own frame only if it is computed in the key's task: Chromium draws the frame
// that follows input before it delivers any message, so the typing worker's answer, ready a fraction of a
// millisecond after the key, is shown one frame later. The field being edited is therefore typed on the page
// as well, once the page's copy of the typing code has loaded (page-typing.entry.ts, a script of its own,
// fetched after the editor opened). Only that one text is typed here; validation, lint and completion stay in the worker.

/** Texts longer than this are typed in the worker only: typing is linear in the text, the key's task is not the place for a pasted megabyte. */
export const MAX_PAGE_TYPED_LENGTH = 2_000;

let service: ExpressionService | undefined;
let loading: Promise<void> | undefined;

/**
 * Starts loading the page's typing code (once); resolves when `checkOnPage` can answer. The code is built as
 * a worker script is (`?worker&url`: one self-contained module of its own) and imported on the page: a plain
 * dynamic import would let the bundler move the modules it shares with the list page (zod, the typing
 * schemas) into one chunk, which the list page would then load whole.
 */
export function loadPageTyping(load: () => Promise<unknown> = importBundled): Promise<void> {
  loading ??= load().then(() => {
    const create = (globalThis as Record<symbol, unknown>)[PAGE_TYPING_KEY];
    if (typeof create !== 'function') throw new Error('the page typing code did not load');
    service = (create as () => ExpressionService)();
  });
  return loading;
}

async function importBundled(): Promise<unknown> {
  const { default: url } = await import('./page-typing.entry?worker&url');
  return import(/* @vite-ignore */ url);
}

/**
 * The check of `text` typed on the page, or undefined when the worker must answer: the typing code has not
 * loaded yet, the text names a time zone, or it is longer than `MAX_PAGE_TYPED_LENGTH`.
 */
export function checkOnPage(text: string, context: ExpressionContext): ExpressionCheck | undefined {
  if (!service || text.length > MAX_PAGE_TYPED_LENGTH || namesTimeZone(text)) return undefined;
  return service.check(text, context);
}
