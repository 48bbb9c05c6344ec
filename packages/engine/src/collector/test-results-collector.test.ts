import { describe, expect, it } from 'vitest';
import { freshContext } from '../runtime/context';
import { createTestResultsCollector } from './test-results-collector';

const contextWith = (id: string, variables: Record<string, unknown>) => freshContext(id, 0, variables);

describe('createTestResultsCollector limits', () => {
  it('shows values up to the per-value limit and replaces a longer one by a note', () => {
    const collector = createTestResultsCollector({ maxValueChars: 1_000 });
    collector.nodeEntered('source', contextWith('t-0', { small: 'x'.repeat(900), big: 'x'.repeat(5_000_000) }));
    const [shown] = collector.results().results.nodeResults['source'] as { variables: Record<string, { pretty: unknown }> }[];
    expect(shown?.variables['small']?.pretty).toBe('x'.repeat(900));
    expect(shown?.variables['big']?.pretty).toMatch(/more than 1000 characters, left out/);
  });

  it('stops adding values once the results hold the total limit, so they stay one JSON text', () => {
    const collector = createTestResultsCollector({ maxValueChars: 100_000, maxTotalChars: 250_000 });
    const value = 'y'.repeat(90_000);
    for (let i = 0; i < 20; i++) collector.nodeEntered('filter', contextWith(`t-${i}`, { value }));
    const results = collector.results();
    const shown = (results.results.nodeResults['filter'] as { variables: Record<string, { pretty: unknown }> }[]).map((r) => r.variables['value']?.pretty);
    expect(shown.filter((pretty) => pretty === value)).toHaveLength(2);
    expect(shown.slice(2).every((pretty) => typeof pretty === 'string' && pretty.startsWith('(left out'))).toBe(true);
    expect(results.counts['filter']?.all).toBe(20);
    expect(JSON.stringify(results).length).toBeLessThan(300_000);
  });
});
