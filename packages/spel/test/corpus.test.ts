import { describe, expect, it } from 'vitest';
import corpus from './fixtures/corpus-expressions.json';
import { typeExpression } from '../src/expression';
import { unknownType } from '@scenaria/typing';

// Real expressions from the scenario corpus: the grammar must accept all of them. Their variables are not
// declared here, so typing errors are expected; syntax errors are not.
const rows = corpus as Array<{ language: 'spel' | 'spelTemplate'; expression: string }>;

describe('expressions of the scenario corpus', () => {
  it('has a corpus to check', () => {
    expect(rows.length).toBeGreaterThan(200);
  });

  it.each(rows.map((row) => [row.language, row.expression]))('%s: %s parses', (language, expression) => {
    const { errors } = typeExpression(expression, { language: language as 'spel' | 'spelTemplate' });
    expect(errors.filter((error) => error.code === 'SyntaxError')).toEqual([]);
  });

  it('types most corpus expressions cleanly once their variables are Unknown', () => {
    const variableNames = new Set<string>();
    for (const row of rows) for (const match of row.expression.matchAll(/#([A-Za-z_$][\w$]*)/g)) variableNames.add(match[1]!);
    const variables = Object.fromEntries([...variableNames].filter((name) => name !== 'this' && !/^[A-Z_]+$/.test(name)).map((name) => [name, unknownType]));
    const clean = rows.filter((row) => typeExpression(row.expression, { language: row.language, variables, config: { methodExecutionForUnknownAllowed: true } }).errors.length === 0);
    expect(clean.length / rows.length).toBeGreaterThan(0.9);
  });
});
