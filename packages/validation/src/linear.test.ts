import { defaultModel } from '@scenaria/components';
import type { NodeData } from '@scenaria/graph';
import { Types } from '@scenaria/typing';
import { describe, expect, it } from 'vitest';
import { validateScenario, validateScenarioAsync } from './index';
import { Scope } from './scope';
import { heldContexts } from './validate-scenario';
import { chain, nodes } from './test-utils';

const model = defaultModel('streaming');
const source = nodes.source('source', 'event-generator', { schedule: "T(java.time.Duration).parse('PT1M')", count: '1', value: '{amount: 10L}' });

/** A source, n - 2 filters or variable nodes (each variable uses the one before) and a sink. */
function longChain(n: number, kind: 'filters' | 'variables') {
  const list: NodeData[] = [source];
  for (let i = 1; i < n - 1; i++) {
    list.push(kind === 'filters' ? nodes.filter(`f${i}`, `#input.amount > ${i}`) : nodes.variable(`v${i}`, `v${i}`, i === 1 ? '#input.amount' : `#v${i - 1} + 1`));
  }
  list.push(nodes.sink('sink'));
  return chain(list);
}

describe('Scope', () => {
  it('keeps definition order, replaces in place, hides and re-adds', () => {
    const scope = Scope.of({ a: Types.String, b: Types.Integer }).with('c', Types.Long).with('a', Types.Boolean);
    expect(scope.entries().map(([name, type]) => [name, type])).toEqual([['a', Types.Boolean], ['b', Types.Integer], ['c', Types.Long]]);
    const hidden = scope.without(['b']);
    expect(hidden.has('b')).toBe(false);
    expect(hidden.entries().map(([name]) => name)).toEqual(['a', 'c']);
    expect(hidden.with('b', Types.String).entries().map(([name]) => name)).toEqual(['a', 'b', 'c']);
    // The scope it came from is unchanged.
    expect(scope.get('b')).toBe(Types.Integer);
  });

  it('agrees with a Map over thousands of names (deep trie levels)', () => {
    const reference = new Map<string, unknown>();
    let scope = Scope.empty;
    const types = [Types.String, Types.Integer, Types.Long];
    for (let i = 0; i < 5000; i++) {
      const name = `n${(i * 7919) % 3001}`;
      const type = types[i % 3] ?? Types.String;
      scope = scope.with(name, type);
      reference.set(name, type);
    }
    expect(scope.size).toBe(reference.size);
    for (const [name, type] of reference) expect(scope.get(name)).toBe(type);
    expect(scope.get('absent')).toBeUndefined();
    expect(new Map(scope.entries())).toEqual(reference);
  });

  it('is seen by the typer as a read-only record', () => {
    const view = Scope.of({ input: Types.String }).with('fee', Types.Long).asRecord();
    expect(Object.hasOwn(view, 'fee')).toBe(true);
    expect(Object.hasOwn(view, 'toString')).toBe(false);
    expect(Object.keys(view)).toEqual(['input', 'fee']);
    expect({ ...view }).toEqual({ input: Types.String, fee: Types.Long });
    expect(() => {
      (view as Record<string, unknown>).x = Types.String;
    }).toThrow(TypeError);
  });
});

describe('linear validation', () => {
  it('adds a variable without copying the context: copied slots grow linearly with a chain of variables', () => {
    const copied = (n: number): number => {
      const before = Scope.copiedSlots;
      const result = validateScenario(longChain(n, 'variables'), model, { skipNodeResults: true });
      expect(result.errors.invalidNodes).toEqual({});
      return Scope.copiedSlots - before;
    };
    const small = copied(1000);
    const large = copied(4000);
    // A copy per node would make this 16x; the trie copies O(log n) slots per added variable.
    expect(large / small).toBeLessThan(4 * 1.5);
  });

  it('keeps only the contexts still to be read: a chain holds two at a time, however long', () => {
    for (const [n, options] of [[3000, { skipNodeResults: true }], [500, {}]] as const) {
      validateScenario(longChain(n, 'variables'), model, options);
      expect(heldContexts.peak).toBe(2);
    }
    // A derived scope names its base by id instead of holding it, so a dropped context does not keep every
    // context before it alive.
    const base = Scope.of({ input: Types.String });
    const derived = base.with('fee', Types.Long);
    expect(derived.derivedFrom).toEqual({ baseId: base.id, name: 'fee' });
    expect(Object.values(derived)).not.toContain(base);
  });

  it('answers a chain of filters in size linear in its length, with one shared context JSON', () => {
    const small = validateScenario(longChain(1000, 'filters'), model);
    const large = validateScenario(longChain(2000, 'filters'), model);
    const ratio = JSON.stringify(large).length / JSON.stringify(small).length;
    expect(ratio).toBeGreaterThan(1.9);
    expect(ratio).toBeLessThan(2.1);
    expect(large.nodeResults.f10?.variableTypes).toBe(large.nodeResults.f1998?.variableTypes);
    expect(Object.keys(large.nodeResults.f1998?.variableTypes ?? {})).toContain('input');
  });

  it('lists every visible variable at each node of a chain of variables (the wire format is quadratic there)', () => {
    const result = validateScenario(longChain(200, 'variables'), model);
    const globals = Object.keys(result.nodeResults.source?.variableTypes ?? {}).length;
    expect(Object.keys(result.nodeResults.v150?.variableTypes ?? {})).toHaveLength(globals + 1 + 149);
    expect(result.nodeResults.v150?.variableTypes.v149?.display).toMatch(/^Long/);
    // Definition order, as the plain records had it.
    expect(Object.keys(result.nodeResults.v3?.variableTypes ?? {}).slice(-3)).toEqual(['input', 'v1', 'v2']);
  });

  it('bounds node results by maxNodeResultEntries and warns at the first node left out', () => {
    const full = validateScenario(longChain(300, 'variables'), model);
    const entries = (result: typeof full) => Object.values(result.nodeResults).reduce((sum, r) => sum + Object.keys(r.variableTypes).length, 0);
    const limit = Math.floor(entries(full) / 4);
    const bounded = validateScenario(longChain(300, 'variables'), model, { maxNodeResultEntries: limit });
    expect(entries(bounded)).toBeLessThanOrEqual(limit);
    const warned = Object.entries(bounded.warnings.invalidNodes).filter(([, w]) => w.some((e) => e.typ === 'NodeResultsLimitReached'));
    expect(warned).toHaveLength(1);
    const firstLeftOut = warned[0]?.[0] ?? '';
    expect(bounded.nodeResults[firstLeftOut]).toBeUndefined();
    expect(bounded.nodeResults.source).toEqual(full.nodeResults.source);
    expect(bounded.errors).toEqual(full.errors);
  });
});

describe('validateScenarioAsync', () => {
  it('gives the result of validateScenario, yielding to the caller every few nodes', async () => {
    const graph = longChain(300, 'variables');
    let yields = 0;
    const result = await validateScenarioAsync(graph, model, {}, {
      yieldEvery: 30,
      maxSliceMs: Number.POSITIVE_INFINITY,
      yieldToEventLoop: () => {
        yields++;
        return Promise.resolve();
      },
    });
    expect(result).toEqual(validateScenario(graph, model));
    expect(yields).toBeGreaterThanOrEqual(10);
  });

  it('lets other work run between slices', async () => {
    let yields = 0;
    let otherRanAfter = -1;
    const validation = validateScenarioAsync(longChain(400, 'filters'), model, {}, {
      yieldEvery: 50,
      yieldToEventLoop: () => {
        yields++;
        return Promise.resolve();
      },
    });
    // Queued once validation has handed control back for the first time: it must run before validation ends.
    void Promise.resolve().then(() => {
      otherRanAfter = yields;
    });
    await validation;
    expect(otherRanAfter).toBeGreaterThanOrEqual(1);
    expect(otherRanAfter).toBeLessThan(yields);
  });
});
