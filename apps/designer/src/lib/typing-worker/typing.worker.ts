import { namesTimeZone } from '$lib/expression/time-zone-names';
import { serveTyping } from './typing-host';
import type { MessageEndpoint } from './protocol';

// The time-zone rules (about 1 MB) are left out of every bundle by the `@js-joda/timezone` alias in
// vite.config.ts; they only matter to an expression that names a zone, so they load the first time one does.
let zones: Promise<unknown> | undefined;

serveTyping(self as unknown as MessageEndpoint, (request) => {
  // Once loading began, later answers wait for it too, so answers keep the order of their questions.
  if (request.kind !== 'check' && request.kind !== 'complete') return undefined;
  if (!namesTimeZone(request.text) && zones === undefined) return undefined;
  zones ??= import('@js-joda/timezone/dist/js-joda-timezone.esm.js');
  return zones.then(() => undefined);
});
