import { describe, expect, it } from 'vitest';
import type { NodeData } from '../schemas/node-data';
import { testNodes } from '../test-graphs';
import { expressionsOf, searchNodes } from './node-search';

const large: NodeData = { type: 'Filter', id: 'large', expression: { language: 'spel', expression: '#input.amount > 100' } };
const enrich: NodeData = {
  type: 'Enricher',
  id: 'client',
  output: 'client',
  service: { id: 'clientService', parameters: [{ name: 'id', expression: { language: 'spel', expression: '#input.clientId' } }] },
};

describe('searchNodes', () => {
  it('finds nodes by id and by expression text, case-insensitively, in node order', () => {
    const nodes = [testNodes.source('input-source'), large, enrich];
    expect(searchNodes(nodes, 'INPUT')).toEqual([
      { nodeId: 'input-source', matches: [{ field: 'id', text: 'input-source' }] },
      { nodeId: 'large', matches: [{ field: 'expression', text: '#input.amount > 100' }] },
      { nodeId: 'client', matches: [{ field: 'service.parameters.0.expression', text: '#input.clientId' }] },
    ]);
    expect(searchNodes(nodes, 'amount > 1').map((result) => result.nodeId)).toEqual(['large']);
  });

  it('finds nothing for an empty query or text that is nowhere', () => {
    expect(searchNodes([large], '  ')).toEqual([]);
    expect(searchNodes([large], 'nowhere')).toEqual([]);
  });

  it('reads every expression of a node, skipping layout and descriptions', () => {
    const described = { ...large, additionalFields: { description: 'expression', layoutData: { x: 1, y: 2 } } } as NodeData;
    expect(expressionsOf(described)).toEqual([{ field: 'expression', text: '#input.amount > 100' }]);
  });
});
