import { describe, expect, test } from 'vitest';
import { scenarioGraphText } from '@scenaria/graph';
import { streamingGraph } from '../../test/graphs';
import { canonicalText, StoredGraphCache, storedGraphObject, storedGraphOf, storedGraphWithText } from './stored-graphs';

const canonicalJson = canonicalText(streamingGraph('kept'), 'kept');

describe('stored graphs', () => {
  test('a stored version keeps its canonical text and served text; its graph object is read when asked for, once', () => {
    const stored = storedGraphOf(canonicalJson);
    expect(stored.canonicalJson).toBe(canonicalJson);
    expect(stored.json).toBe(scenarioGraphText(storedGraphObject(canonicalJson)));
    expect(stored.description).toBe('graph kept');
    expect(stored.heldBeside).toBe(canonicalJson.length);
    expect(stored.graph).toEqual(storedGraphObject(canonicalJson));
    expect(stored.graph).toBe(stored.graph);
  });

  test('a version whose served text was written elsewhere is the same entry as one read here', () => {
    const here = storedGraphOf(canonicalJson);
    const elsewhere = storedGraphWithText(canonicalJson, { json: here.json, description: here.description });
    expect({ ...elsewhere, graph: elsewhere.graph }).toEqual({ ...here, graph: here.graph });
  });

  test('the cache counts the canonical text an entry holds beside its served text and key', async () => {
    const one = storedGraphOf(canonicalJson);
    const size = one.json.length + one.heldBeside;
    const cache = new StoredGraphCache(2 * size);
    for (const id of [1, 2, 3]) cache.set(id, 1, storedGraphOf(canonicalJson));
    expect(cache.peek(1, 1)).toBeUndefined();
    expect(cache.peek(2, 1)).toBeDefined();
    expect(cache.peek(3, 1)).toBeDefined();
  });
});
