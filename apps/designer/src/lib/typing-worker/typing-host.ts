import { createApiClient, validateScenarioGraph } from '@scenaria/api-contract';
import type { NodeTypingResult } from '$lib/definitions/definitions';
import type { ExpressionContext } from '$lib/expression/expression-service';
import { createSpelService } from '$lib/expression/spel-service';
import { computeLayout } from '$lib/flow/layout';
import type { MessageEndpoint, TypingRequest, TypingResponse, WorkerValidation } from './protocol';

function known(context: ExpressionContext | undefined): ExpressionContext {
  if (!context) throw new Error('a field asked before sending its context');
  return context;
}

/**
 * Answers typing requests arriving on `endpoint` with @scenaria/spel. The worker calls it on its own global
 * scope; tests call it on one end of a MessageChannel. Each request types one expression against the context
 * it names (the variables validation last reported for its node), never the whole graph, so an edit costs
 * what its own text costs. `beforeAnswer` lets the worker hold back a request until data it needs arrived
 * (the time-zone rules, loaded on demand).
 */
export function serveTyping(endpoint: MessageEndpoint, beforeAnswer: (request: TypingRequest) => Promise<void> | undefined = () => undefined): void {
  const service = createSpelService();
  // The typing of every node from the last validation that answered; the page asks for one node at a time.
  let nodeResults: Record<string, NodeTypingResult> = {};
  // The context each field's checker last sent; kept as one object, so its decoded variables are reused.
  const contexts = new Map<number, ExpressionContext>();

  async function validate(request: Extract<TypingRequest, { kind: 'validate' }>): Promise<WorkerValidation> {
    const api = createApiClient({ baseUrl: request.baseUrl, credentials: request.credentials, requestInit: { credentials: 'omit' } });
    const result = await api.call(validateScenarioGraph, {
      params: { scenarioName: request.scenarioName },
      json: { processName: request.scenarioName, scenarioGraph: request.graph },
    });
    if (!result.ok) return { ok: false, status: result.status, message: result.error.message };
    const { nodeResults: typing, ...rest } = result.data;
    nodeResults = typing;
    return { ok: true, result: rest, typedNodes: Object.keys(typing) };
  }

  const answer = async (request: Exclude<TypingRequest, { kind: 'release' }>, context: ExpressionContext | undefined): Promise<TypingResponse> => {
    try {
      switch (request.kind) {
        case 'validate':
          return { kind: 'validate', id: request.id, validation: await validate(request) };
        case 'nodeTyping':
          return { kind: 'nodeTyping', id: request.id, typing: nodeResults[request.nodeId] };
        case 'check':
          return { kind: 'check', id: request.id, check: service.check(request.text, known(context)) };
        case 'complete':
          return { kind: 'complete', id: request.id, completions: service.complete(request.text, request.cursor, known(context)) };
        case 'layout':
          return { kind: 'layout', id: request.id, positions: computeLayout(request.nodeIds, request.edges) };
      }
    } catch (error) {
      return { kind: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) };
    }
  };
  endpoint.addEventListener('message', (event: MessageEvent) => {
    const request = event.data as TypingRequest;
    if (request.kind === 'release') {
      contexts.delete(request.channel);
      return;
    }
    // Taken as the request arrives: a later request of the channel may bring a newer context before this is answered.
    let context: ExpressionContext | undefined;
    if (request.kind === 'check' || request.kind === 'complete') {
      if (request.context) contexts.set(request.channel, request.context);
      context = contexts.get(request.channel);
    }
    void (beforeAnswer(request) ?? Promise.resolve())
      .then(() => answer(request, context))
      .then((response) => endpoint.postMessage(response));
  });
  endpoint.start?.();
}
