// api-contract turns these schemas into OpenAPI documents: both must convert to JSON Schema, the recursive
// canonical form included.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CanonicalProcessSchema, ScenarioGraphSchema } from '../src/index';

describe('JSON Schema export', () => {
  it('converts the graph and the canonical form', () => {
    const graph = z.toJSONSchema(ScenarioGraphSchema, { io: 'input' });
    expect(graph).toHaveProperty('properties.nodes');
    const canonical = JSON.stringify(z.toJSONSchema(CanonicalProcessSchema, { io: 'input' }));
    expect(canonical).toContain('BranchEndData');
    expect(canonical).toContain('nextFalse');
  });
});
