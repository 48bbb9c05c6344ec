import { validateScenarioName } from '@scenaria/graph';

/**
 * Why a new scenario name cannot be used, or `undefined` when it can. The rules are `@scenaria/graph`'s
 * identifier rules, the ones the server applies, so the dialog shows the server's message before it is asked;
 * names must also be unique among all scenarios and fragments, archived ones included (semantics.md §3).
 */
export function scenarioNameProblem(name: string, existingNames: ReadonlySet<string>): string | undefined {
  // A blank field asks for a name rather than stating a rule.
  if (name.trim() === '') return 'Enter a name.';
  const issues = validateScenarioName(name);
  if (issues.length > 0) return issues.map((issue) => issue.message).join('; ');
  if (existingNames.has(name)) return `A scenario named ${name} already exists.`;
  return undefined;
}
