import { describe, expect, it } from 'vitest';
import { cases, corpusCases, disagreement } from '../bench/cases';
import { compileExpression } from '../src/index';

// The bench refuses to measure a case whose hand-written logic gives another result than the engine: when the
// engine's semantics changed (BigDecimals keeping their scale), `pnpm bench` stopped at that check for days. Here
// the same check runs with every test run.
describe('the spel bench cases', () => {
  it.each([...cases, ...corpusCases].map((benchCase) => [benchCase.name, benchCase] as const))('%s: the engine and the hand-written code agree', (_, benchCase) => {
    const compiled = compileExpression(benchCase.expression, { variables: benchCase.variables });
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
    expect(disagreement(benchCase, compiled.evaluate)).toBeUndefined();
  });
});
