import { computeLayout } from '$lib/flow/layout';
import type { TypingRequest, TypingResponse } from './protocol';

// The layout alone (dagre and the tree layout), so a graph saved without positions waits for a small script
// to start rather than for the typing worker's.
self.addEventListener('message', (event: MessageEvent) => {
  const request = event.data as TypingRequest;
  const response: TypingResponse =
    request.kind === 'layout'
      ? { kind: 'layout', id: request.id, positions: computeLayout(request.nodeIds, request.edges) }
      : { kind: 'failed', id: request.id, message: `the layout worker does not answer ${request.kind}` };
  self.postMessage(response);
});
