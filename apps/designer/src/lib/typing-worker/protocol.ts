import type { ExpressionCheck, ExpressionCompletions, ExpressionContext } from '$lib/expression/expression-service';
import type { LayoutEdge } from '$lib/flow/layout';
import type { Position } from '$lib/flow/scenario-flow';

/**
 * What the page asks the typing worker. Every request carries a number the page chose; the answer repeats
 * it, so the page can tell which question an answer belongs to and drop the ones a newer question replaced.
 */
export type TypingRequest =
  | { kind: 'check'; id: number; text: string; context: ExpressionContext }
  | { kind: 'complete'; id: number; text: string; cursor: number; context: ExpressionContext }
  | { kind: 'layout'; id: number; nodeIds: string[]; edges: LayoutEdge[] };

export type TypingResponse =
  | { kind: 'check'; id: number; check: ExpressionCheck }
  | { kind: 'complete'; id: number; completions: ExpressionCompletions }
  | { kind: 'layout'; id: number; positions: Map<string, Position> }
  /** A bug in the worker, reported instead of leaving the page waiting forever. */
  | { kind: 'failed'; id: number; message: string };

/** The part of a Worker (or a MessagePort) both sides use: tests run the same code over a MessageChannel. */
export interface MessageEndpoint {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener?(type: 'message', listener: (event: MessageEvent) => void): void;
  start?(): void;
}
