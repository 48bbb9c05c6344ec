import { createSpelService } from '$lib/expression/spel-service';
import { computeLayout } from '$lib/flow/layout';
import type { MessageEndpoint, TypingRequest, TypingResponse } from './protocol';

/**
 * Answers typing requests arriving on `endpoint` with @scenaria/spel. The worker calls it on its own global
 * scope; tests call it on one end of a MessageChannel. Each request types one expression against the context
 * it names (the variables validation last reported for its node), never the whole graph, so an edit costs
 * what its own text costs. `beforeAnswer` lets the worker hold back a request until data it needs arrived
 * (the time-zone rules, loaded on demand).
 */
export function serveTyping(endpoint: MessageEndpoint, beforeAnswer: (request: TypingRequest) => Promise<void> | undefined = () => undefined): void {
  const service = createSpelService();
  const answer = (request: TypingRequest): TypingResponse => {
    try {
      switch (request.kind) {
        case 'check':
          return { kind: 'check', id: request.id, check: service.check(request.text, request.context) };
        case 'complete':
          return { kind: 'complete', id: request.id, completions: service.complete(request.text, request.cursor, request.context) };
        case 'layout':
          return { kind: 'layout', id: request.id, positions: computeLayout(request.nodeIds, request.edges) };
      }
    } catch (error) {
      return { kind: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) };
    }
  };
  endpoint.addEventListener('message', (event: MessageEvent) => {
    const request = event.data as TypingRequest;
    const waiting = beforeAnswer(request);
    if (waiting) void waiting.then(() => endpoint.postMessage(answer(request)));
    else endpoint.postMessage(answer(request));
  });
  endpoint.start?.();
}
