// spel2js ships no types; only the two calls the benchmark makes are declared.
declare module 'spel2js' {
  interface CompiledSpel {
    eval(context: unknown, locals?: Record<string, unknown>): unknown;
  }
  const spel2js: {
    SpelExpressionEvaluator: { compile(expression: string): CompiledSpel };
    StandardContext: { create(authentication: unknown, principal: unknown): unknown };
  };
  export default spel2js;
}
