import { describe, expect, it } from 'vitest';
import { defineMessages, formatIssues, type Issue } from './index';

type Code = 'Blank' | 'TooLong';

describe('defineMessages', () => {
  it('returns every entry of the table', () => {
    const messages = defineMessages<Code>({ Blank: 'cannot be blank', TooLong: 'too long' });
    expect(messages).toEqual({ Blank: 'cannot be blank', TooLong: 'too long' });
  });

  it('freezes the table, leaving the given object alone', () => {
    const given = { Blank: 'cannot be blank', TooLong: 'too long' };
    const messages = defineMessages<Code>(given);
    expect(Object.isFrozen(messages)).toBe(true);
    expect(Object.isFrozen(given)).toBe(false);
  });

  it('keeps message templates callable', () => {
    const messages = defineMessages<Code, (limit: number) => string>({
      Blank: () => 'cannot be blank',
      TooLong: (limit) => `at most ${limit} characters`,
    });
    expect(messages.TooLong(64)).toBe('at most 64 characters');
  });
});

describe('Issue', () => {
  it('is plain data that survives a JSON round trip', () => {
    const issue: Issue<Code> = { code: 'TooLong', message: 'too long', nodeId: 'filter', paramName: '$expression', range: { start: 0, end: 3 }, path: ['nodes', 0] };
    expect(JSON.parse(JSON.stringify(issue))).toEqual(issue);
  });
});

describe('formatIssues', () => {
  it('puts the node id before the message and joins the issues', () => {
    const issues: Issue[] = [
      { code: 'MissingComponent', message: 'No component x', nodeId: 'enrich' },
      { code: 'InvalidStructure', message: 'No source' },
    ];
    expect(formatIssues(issues)).toBe('enrich: No component x; No source');
  });

  it('is empty for no issues', () => {
    expect(formatIssues([])).toBe('');
  });
});
