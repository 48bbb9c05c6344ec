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
  /** The field is gone: the worker may forget its context. */
  release(): void;
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
export function createTypingClient(endpoints: WorkerEndpoints, close: () => void = () => {}): TypingClient {
  const endpoint = endpoints.typing;
  const backgroundEndpoint = endpoints.background ?? endpoint;
  const layoutEndpoint = endpoints.layout ?? backgroundEndpoint;
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
  const distinct = [...new Set([endpoint, backgroundEndpoint, layoutEndpoint])];
  for (const each of distinct) {
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
      const target = request.kind === 'check' || request.kind === 'complete' ? endpoint : request.kind === 'layout' ? layoutEndpoint : backgroundEndpoint;
      target.postMessage(request);
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
      const channel = nextId++;
      let latestCheck = 0;
      let latestCompletion = 0;
      let sent: string | undefined;
      /** The context when the worker does not hold it yet (a plain copy), else nothing: most keys keep their context. */
      const contextToSend = (context: ExpressionContext): ExpressionContext | undefined => {
        const json = JSON.stringify(context);
        if (json === sent) return undefined;
        sent = json;
        // Contexts often come from Svelte state (proxies), which structured cloning refuses; the JSON copy is exact.
        return JSON.parse(json) as ExpressionContext;
      };
      return {
        async check(text, context) {
          const id = nextId++;
          latestCheck = id;
          const response = await ask({ kind: 'check', id, channel, text, context: contextToSend(context) });
          return id === latestCheck && response.kind === 'check' ? response.check : undefined;
        },
        async complete(text, cursor, context) {
          const id = nextId++;
          latestCompletion = id;
          const response = await ask({ kind: 'complete', id, channel, text, cursor, context: contextToSend(context) });
          return id === latestCompletion && response.kind === 'complete' ? response.completions : undefined;
        },
        release() {
          if (sent !== undefined) endpoint.postMessage({ kind: 'release', id: nextId++, channel } satisfies TypingRequest);
          sent = undefined;
        },
      };
    },
    async layout(nodeIds, edges) {
      const response = await ask({ kind: 'layout', id: nextId++, nodeIds: [...nodeIds], edges: edges.map((edge) => ({ from: edge.from, to: edge.to })) });
      if (response.kind !== 'layout') throw new Error(`typing worker answered a layout with ${response.kind}`);
      return response.positions;
    },
    close() {
      for (const each of distinct) each.removeEventListener?.('message', onMessage);
      for (const waiting of pending.values()) waiting.reject(new Error('typing worker closed'));
      pending.clear();
      close();
    },
  };
}

/**
 * Where each kind of question goes: `typing` answers keys (typing, completion); `background` validation and
 * node typing; `layout` the automatic layout. Left out, they fall back to `typing` and `background`.
 */
export interface WorkerEndpoints {
  typing: MessageEndpoint;
  background?: MessageEndpoint;
  layout?: MessageEndpoint;
}

/**
 * A worker started on its first message. Each worker parses its script on start; started with the page, the
 * typing workers' (850 kB) would take a core from the first paint on a two-core machine.
 */
function lazyWorker(start: () => Worker): MessageEndpoint & { terminate(): void } {
  let worker: Worker | undefined;
  const listeners: ((event: MessageEvent) => void)[] = [];
  return {
    postMessage(message) {
      if (!worker) {
        worker = start();
        for (const listener of listeners) worker.addEventListener('message', listener);
      }
      worker.postMessage(message);
    },
    addEventListener(_type, listener) {
      listeners.push(listener);
      worker?.addEventListener('message', listener);
    },
    removeEventListener(_type, listener) {
      listeners.splice(listeners.indexOf(listener), 1);
      worker?.removeEventListener('message', listener);
    },
    terminate() {
      worker?.terminate();
    },
  };
}

/**
 * The designer's workers (the libraries bundled for them by vite), each started when first asked: the typing
 * script twice, one instance answering keys (typing, completion), the other validation; and a small one with
 * dagre only, for the layout of graphs saved without positions.
 */
export function startTypingWorker(): TypingClient {
  const typing = lazyWorker(() => new Worker(new URL('./typing.worker.ts', import.meta.url), { type: 'module', name: 'scenaria-typing' }));
  const background = lazyWorker(() => new Worker(new URL('./typing.worker.ts', import.meta.url), { type: 'module', name: 'scenaria-validation' }));
  const layout = lazyWorker(() => new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module', name: 'scenaria-layout' }));
  return createTypingClient({ typing, background, layout }, () => {
    typing.terminate();
    background.terminate();
    layout.terminate();
  });
}
