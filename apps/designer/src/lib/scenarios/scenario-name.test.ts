import { describe, expect, it } from 'vitest';
import { scenarioNameProblem } from './scenario-name';

describe('scenarioNameProblem', () => {
  const taken = new Set(['fraud']);
  it('accepts a fresh name', () => expect(scenarioNameProblem('fraud 2', taken)).toBeUndefined());
  it('refuses empty, padded, control characters and taken names', () => {
    expect(scenarioNameProblem('  ', taken)).toMatch(/Enter/);
    expect(scenarioNameProblem(' a', taken)).toMatch(/space/);
    expect(scenarioNameProblem('a\tb', taken)).toMatch(/control/);
    expect(scenarioNameProblem('fraud', taken)).toMatch(/already exists/);
  });
  it("shows the graph package's identifier rules: dots and more than 255 characters", () => {
    expect(scenarioNameProblem('a.b', taken)).toMatch(/invalid characters/);
    expect(scenarioNameProblem('n'.repeat(255), taken)).toBeUndefined();
    expect(scenarioNameProblem('n'.repeat(256), taken)).toMatch(/at most 255 characters/);
  });
});
