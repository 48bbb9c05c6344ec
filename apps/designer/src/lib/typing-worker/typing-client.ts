import type { ExpressionCheck, ExpressionCompletions, ExpressionContext } from '$lib/expression/expression-service';
import type { LayoutEdge } from '$lib/flow/layout';
import type { Position } from '$lib/flow/scenario-flow';
import type { NodeTypingResult } from '$lib/definitions/definitions';
import type { MessageEndpoint, TypingRequest, TypingResponse, WorkerValidation } from './protocol';

/** One field's view of the worker: a newer question makes the older ones' answers stale. */
export interface ExpressionChecker {
  /** The check of `text`, or `undefined` when a later call of this checker superseded it before the answer came. */
  check(text: string, context: ExpressionContext): Promise<ExpressionCheck | undefined>;
  complete(text: string, cursor: number, context: ExpressionContext): Promise<ExpressionCompletions | undefined>;
}

/** Typing of expressions off the main thread: the editor asks, the worker answers. */
export interface TypingClient {
  /** A checker per field: each keeps its own request counter, so two fields never drop each other's answers. */
  checker(): ExpressionChecker;
  /**
   * Validates `graph` on the server from the worker. `undefined` when a later validation superseded this one
   * before it answered (only the newest graph's result may be shown).
   */
  validate(request: Omit<Extract<TypingRequest, { kind: 'validate' }>, 'kind' | 'id'>): Promise<WorkerValidation | undefined>;
  /** What the last validation in the worker said about one node. */
  nodeTyping(nodeId: string): Promise<NodeTypingResult | undefined>;
  /** The automatic layout (dagre, or the tree layout for large graphs) computed in the worker. */
  layout(nodeIds: readonly string[], edges: readonly LayoutEdge[]): Promise<Map<string, Position>>;
  close(): void;
}

type Pending = { resolve: (response: TypingResponse) => void; reject: (error: Error) => void };

/**
 * The page's side of the typing worker's protocol. Answers arrive in any order and late; each checker
 * remembers the number of its latest question and resolves older ones with `undefined` (stale), so a slow
 * answer to "1" can never overwrite the type already shown for "11".
 */
export function createTypingClient(endpoint: MessageEndpoint, close: () => void = () => {}, backgroundEndpoint: MessageEndpoint = endpoint): TypingClient {
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const onMessage = (event: MessageEvent) => {
    const response = event.data as TypingResponse;
    const waiting = pending.get(response.id);
    if (!waiting) return;
    pending.delete(response.id);
    if (response.kind === 'failed') waiting.reject(new Error(`typing worker: ${response.message}`));
    else waiting.resolve(response);
  };
  const endpoints = backgroundEndpoint === endpoint ? [endpoint] : [endpoint, backgroundEndpoint];
  for (const each of endpoints) {
    each.addEventListener('message', onMessage);
    each.start?.();
  }

  /**
   * Keys are answered by `endpoint`; validation and layout go to `backgroundEndpoint` (a second worker in the
   * designer): reading a validation answer of a large graph (megabytes of node typing) takes the worker
   * seconds on a busy machine, and a key must never queue behind it.
   */
  function ask(request: TypingRequest): Promise<TypingResponse> {
    return new Promise((resolve, reject) => {
      pending.set(request.id, { resolve, reject });
      (request.kind === 'check' || request.kind === 'complete' ? endpoint : backgroundEndpoint).postMessage(request);
    });
  }

  let latestValidation = 0;
  return {
    async validate(request) {
      const id = nextId++;
      latestValidation = id;
      // The graph is plain data ($state.raw in the editing store), so it is cloned as it is.
      const response = await ask({ kind: 'validate', id, ...request });
      return id === latestValidation && response.kind === 'validate' ? response.validation : undefined;
    },
    async nodeTyping(nodeId) {
      const response = await ask({ kind: 'nodeTyping', id: nextId++, nodeId });
      return response.kind === 'nodeTyping' ? response.typing : undefined;
    },
    checker() {
      let latestCheck = 0;
      let latestCompletion = 0;
      return {
        async check(text, context) {
          const id = nextId++;
          latestCheck = id;
          const response = await ask({ kind: 'check', id, text, context: plain(context) });
          return id === latestCheck && response.kind === 'check' ? response.check : undefined;
        },
        async complete(text, cursor, context) {
          const id = nextId++;
          latestCompletion = id;
          const response = await ask({ kind: 'complete', id, text, cursor, context: plain(context) });
          return id === latestCompletion && response.kind === 'complete' ? response.completions : undefined;
        },
      };
    },
    async layout(nodeIds, edges) {
      const response = await ask({ kind: 'layout', id: nextId++, nodeIds: [...nodeIds], edges: edges.map((edge) => ({ from: edge.from, to: edge.to })) });
      if (response.kind !== 'layout') throw new Error(`typing worker answered a layout with ${response.kind}`);
      return response.positions;
    },
    close() {
      for (const each of endpoints) each.removeEventListener?.('message', onMessage);
      for (const waiting of pending.values()) waiting.reject(new Error('typing worker closed'));
      pending.clear();
      close();
    },
  };
}

/**
 * Contexts often come from Svelte state (proxies), which structured cloning refuses; the context is plain
 * JSON by its type, so a JSON copy is exact.
 */
function plain(context: ExpressionContext): ExpressionContext {
  return JSON.parse(JSON.stringify(context)) as ExpressionContext;
}

/**
 * The designer's workers (the libraries bundled for them by vite): one script started twice, one instance
 * answering keys (typing, completion), the other validation and layout.
 */
export function startTypingWorker(): TypingClient {
  const typing = new Worker(new URL('./typing.worker.ts', import.meta.url), { type: 'module', name: 'scenaria-typing' });
  const background = new Worker(new URL('./typing.worker.ts', import.meta.url), { type: 'module', name: 'scenaria-validation' });
  return createTypingClient(
    typing,
    () => {
      typing.terminate();
      background.terminate();
    },
    background,
  );
}
