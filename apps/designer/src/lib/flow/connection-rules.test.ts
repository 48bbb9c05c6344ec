import { describe, expect, it } from 'vitest';
import type { NodeData } from '@scenaria/graph';
import { checkConnection } from './connection-rules';

const expr = (expression: string) => ({ language: 'spel', expression });
const nodes: NodeData[] = [
  { type: 'Source', id: 'src', ref: { typ: 'kafka', parameters: [] } },
  { type: 'Filter', id: 'flt', expression: expr('true') },
  { type: 'Switch', id: 'choice', expression: null, exprVal: null },
  { type: 'Sink', id: 'a', ref: { typ: 'kafka', parameters: [] } },
  { type: 'Sink', id: 'b', ref: { typ: 'kafka', parameters: [] } },
  { type: 'Join', id: 'join', nodeType: 'union', outputVar: 'u', parameters: [], branchParameters: [] },
  { type: 'FragmentInput', id: 'frag', ref: { id: 'f1', parameters: [] } },
];
const byId = (id: string) => nodes.find((node) => node.id === id);

describe('checkConnection', () => {
  it('turns filter handles into FilterTrue / FilterFalse edges, once each', () => {
    expect(checkConnection(byId, [], { source: 'flt', sourceHandle: 'true', target: 'a' })).toEqual({
      ok: true,
      edgeType: { type: 'FilterTrue' },
    });
    expect(checkConnection(byId, [], { source: 'flt', sourceHandle: 'false', target: 'a' })).toEqual({
      ok: true,
      edgeType: { type: 'FilterFalse' },
    });
    const taken = [{ source: 'flt', sourceHandle: 'true', target: 'a' }];
    expect(checkConnection(byId, taken, { source: 'flt', sourceHandle: 'true', target: 'b' }).ok).toBe(false);
  });

  it('lets a choice fan out with NextSwitch conditions', () => {
    const existing = [{ source: 'choice', sourceHandle: 'out', target: 'a' }];
    const result = checkConnection(byId, existing, { source: 'choice', sourceHandle: 'out', target: 'b' });
    expect(result).toEqual({ ok: true, edgeType: { type: 'NextSwitch', condition: expr('true') } });
  });

  it('refuses inputs into sources, outputs from sinks, loops and a second input', () => {
    expect(checkConnection(byId, [], { source: 'flt', sourceHandle: 'true', target: 'src' }).ok).toBe(false);
    expect(checkConnection(byId, [], { source: 'a', sourceHandle: null, target: 'b' }).ok).toBe(false);
    expect(checkConnection(byId, [], { source: 'flt', sourceHandle: 'true', target: 'flt' }).ok).toBe(false);
    const existing = [{ source: 'src', sourceHandle: 'out', target: 'a' }];
    expect(checkConnection(byId, existing, { source: 'choice', sourceHandle: 'out', target: 'a' }).ok).toBe(false);
    expect(checkConnection(byId, existing, { source: 'src', sourceHandle: 'out', target: 'b' }).ok).toBe(false);
  });

  it('lets a join take several branches but not the same one twice', () => {
    const existing = [{ source: 'src', sourceHandle: 'out', target: 'join' }];
    expect(checkConnection(byId, existing, { source: 'flt', sourceHandle: 'true', target: 'join' }).ok).toBe(true);
    expect(checkConnection(byId, existing, { source: 'src', sourceHandle: 'out', target: 'join' }).ok).toBe(false);
  });

  it('offers one handle per fragment output', () => {
    const outputs = () => ['ok', 'rejected'];
    expect(checkConnection(byId, [], { source: 'frag', sourceHandle: 'output:rejected', target: 'a' }, outputs)).toEqual({
      ok: true,
      edgeType: { type: 'FragmentOutput', name: 'rejected' },
    });
    expect(checkConnection(byId, [], { source: 'frag', sourceHandle: 'output:other', target: 'a' }, outputs).ok).toBe(false);
  });
});
