import type { ApiCredentials, ValidationResult } from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import type { NodeTypingResult } from '$lib/definitions/definitions';
import type { ExpressionCheck, ExpressionCompletions, ExpressionContext } from '$lib/expression/expression-service';
import type { LayoutEdge } from '$lib/flow/layout';
import type { Position } from '$lib/flow/scenario-flow';

/**
 * What the page asks the typing worker. Every request carries a number the page chose; the answer repeats
 * it, so the page can tell which question an answer belongs to and drop the ones a newer question replaced.
 */
export type TypingRequest =
  /**
   * `channel` is the asking field's checker. Its context (the node's variable types) is sent only when it
   * changed and the worker keeps it per channel: a key carries its text, not a copy of the variables.
   */
  | { kind: 'check'; id: number; channel: number; text: string; context?: ExpressionContext }
  | { kind: 'complete'; id: number; channel: number; text: string; cursor: number; context?: ExpressionContext }
  /** The field is gone: the worker forgets its channel's context. Not answered. */
  | { kind: 'release'; id: number; channel: number }
  | { kind: 'layout'; id: number; nodeIds: string[]; edges: LayoutEdge[] }
  /** Validates the graph on the server from the worker: the request, its JSON both ways and the typing of every node stay off the page. */
  | { kind: 'validate'; id: number; baseUrl: string; credentials: ApiCredentials | undefined; scenarioName: string; graph: ScenarioGraph }
  /** What the last validation said about one node (variables in scope, expression types). */
  | { kind: 'nodeTyping'; id: number; nodeId: string };

/**
 * A validation as the page keeps it: errors and warnings, and the ids of the nodes the worker holds typing
 * for (`nodeResults` stays in the worker; the page asks for the open node's).
 */
export type WorkerValidation =
  | { ok: true; result: Omit<ValidationResult, 'nodeResults'>; typedNodes: string[] }
  | { ok: false; status: number; message: string };

export type TypingResponse =
  | { kind: 'check'; id: number; check: ExpressionCheck }
  | { kind: 'complete'; id: number; completions: ExpressionCompletions }
  | { kind: 'layout'; id: number; positions: Map<string, Position> }
  | { kind: 'validate'; id: number; validation: WorkerValidation }
  | { kind: 'nodeTyping'; id: number; typing: NodeTypingResult | undefined }
  /** A bug in the worker, reported instead of leaving the page waiting forever. */
  | { kind: 'failed'; id: number; message: string };

/** The part of a Worker (or a MessagePort) both sides use: tests run the same code over a MessageChannel. */
export interface MessageEndpoint {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener?(type: 'message', listener: (event: MessageEvent) => void): void;
  start?(): void;
}
