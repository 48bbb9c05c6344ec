import { describe, expect, it } from 'vitest';
import { componentIdOfNode } from './component-id';
import type { NodeData } from './schemas/node-data';

const spel = (expression: string) => ({ language: 'spel', expression });

describe('componentIdOfNode', () => {
  it.each<[NodeData, string | undefined]>([
    [{ type: 'Source', id: 's', ref: { typ: 'kafka', parameters: [] } }, 'source-kafka'],
    [{ type: 'Sink', id: 'k', ref: { typ: 'dead-end', parameters: [] } }, 'sink-dead-end'],
    [{ type: 'Enricher', id: 'e', service: { id: 'http', parameters: [] }, output: 'out' }, 'service-http'],
    [{ type: 'Processor', id: 'p', service: { id: 'audit', parameters: [] } }, 'service-audit'],
    [{ type: 'CustomNode', id: 'c', nodeType: 'for-each', outputVar: 'x', parameters: [] }, 'custom-for-each'],
    [{ type: 'Join', id: 'j', nodeType: 'union', outputVar: 'u', parameters: [], branchParameters: [] }, 'custom-union'],
    [{ type: 'FragmentInput', id: 'f', ref: { id: 'helpers', parameters: [] } }, 'fragment-helpers'],
    [{ type: 'Filter', id: 'f', expression: spel('true') }, 'builtin-filter'],
    [{ type: 'Switch', id: 'w' }, 'builtin-choice'],
    [{ type: 'Split', id: 'sp' }, 'builtin-split'],
    [{ type: 'Variable', id: 'v', varName: 'v', value: spel('1') }, 'builtin-variable'],
    [{ type: 'VariableBuilder', id: 'vb', varName: 'r', fields: [] }, 'builtin-record-variable'],
    [{ type: 'FragmentInputDefinition', id: 'in', parameters: [] }, 'builtin-input'],
    [{ type: 'FragmentOutputDefinition', id: 'out', outputName: 'output', fields: [] }, 'builtin-output'],
    [{ type: 'FragmentUsageOutput', id: 'u', outputName: 'output' }, undefined],
  ] as [NodeData, string | undefined][])('%o -> %s', (node, expected) => {
    expect(componentIdOfNode(node)).toBe(expected);
  });
});
