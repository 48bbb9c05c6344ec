import { createSpelService } from './spel-service';
import { PAGE_TYPING_KEY } from './page-typing-key';

// Built on its own, as vite builds worker scripts (see page-typing.ts), and imported by the page. A worker
// script's exports do not survive its build, so it hands its one function over under a symbol of its own.
(globalThis as Record<symbol, unknown>)[PAGE_TYPING_KEY] = createSpelService;
