import type { ExpressionCheck, ExpressionContext, ExpressionService } from './expression-service';
import { namesTimeZone } from './time-zone-names';

// A key's type shows in the key's own frame only if it is computed in the key's task: Chromium draws the frame
// that follows input before it delivers any message, so the typing worker's answer, ready a fraction of a
// millisecond after the key, is shown one frame later. The field being edited is therefore typed on the page
// as well, once this module's copy of the typing code has loaded (a chunk of its own, fetched after the
// editor opened). Only that one text is typed here; validation, lint and completion stay in the worker.

/** Texts longer than this are typed in the worker only: typing is linear in the text, the key's task is not the place for a pasted megabyte. */
export const MAX_PAGE_TYPED_LENGTH = 2_000;

let service: ExpressionService | undefined;
let loading: Promise<void> | undefined;

/** Starts loading the page's typing code (once); resolves when `checkOnPage` can answer. */
export function loadPageTyping(): Promise<void> {
  loading ??= import('./spel-service').then((module) => {
    service = module.createSpelService();
  });
  return loading;
}

/**
 * The check of `text` typed on the page, or undefined when the worker must answer: the typing code has not
 * loaded yet, the text names a time zone, or it is longer than `MAX_PAGE_TYPED_LENGTH`.
 */
export function checkOnPage(text: string, context: ExpressionContext): ExpressionCheck | undefined {
  if (!service || text.length > MAX_PAGE_TYPED_LENGTH || namesTimeZone(text)) return undefined;
  return service.check(text, context);
}
