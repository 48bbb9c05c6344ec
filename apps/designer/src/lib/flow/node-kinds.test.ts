import { describe, expect, it } from 'vitest';
import type { NodeData } from '@scenaria/graph';
import { componentIdOf, componentLabelOf } from './node-kinds';

const spel = (expression: string) => ({ language: 'spel', expression });

describe('component names shown under a node', () => {
  it.each<[NodeData, string, string]>([
    [{ type: 'Source', id: 's', ref: { typ: 'event-generator', parameters: [] } }, 'source-event-generator', 'event-generator'],
    [{ type: 'Sink', id: 'k', ref: { typ: 'dead-end', parameters: [] } }, 'sink-dead-end', 'dead-end'],
    [{ type: 'Enricher', id: 'e', service: { id: 'decision-table', parameters: [] }, output: 'row' }, 'service-decision-table', 'decision-table'],
    [{ type: 'Join', id: 'j', nodeType: 'union', outputVar: 'u', parameters: [], branchParameters: [] }, 'custom-union', 'union'],
    [{ type: 'FragmentInput', id: 'f', ref: { id: 'shared-helpers', parameters: [] } }, 'fragment-shared-helpers', 'shared-helpers'],
    [{ type: 'VariableBuilder', id: 'vb', varName: 'r', fields: [] }, 'builtin-record-variable', 'record-variable'],
    [{ type: 'Filter', id: 'f', expression: spel('true') }, 'builtin-filter', 'filter'],
    [{ type: 'FragmentInputDefinition', id: 'in', parameters: [] }, 'builtin-input', 'input'],
    [{ type: 'FragmentOutputDefinition', id: 'out', outputName: 'output', fields: [] }, 'builtin-output', 'output'],
    [{ type: 'FragmentUsageOutput', id: 'u', outputName: 'output' }, 'builtin-output', 'fragment output'],
  ] as [NodeData, string, string][])('%o', (node, id, label) => {
    expect(componentIdOf(node)).toBe(id);
    expect(componentLabelOf(node)).toBe(label);
  });
});
