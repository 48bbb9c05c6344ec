/**
 * Why a new scenario name cannot be used, or `undefined` when it can. Names travel as URL path segments
 * and become `metaData.id`, so they must be non-empty, without surrounding blanks, and unique among all
 * scenarios and fragments, archived ones included (semantics.md §3).
 */
export function scenarioNameProblem(name: string, existingNames: ReadonlySet<string>): string | undefined {
  if (name.trim() === '') return 'Enter a name.';
  if (name !== name.trim()) return 'The name cannot start or end with a space.';
  if (/[\u0000-\u001f]/.test(name)) return 'The name cannot contain control characters.';
  if (name.length > 255) return 'The name is too long (255 characters at most).';
  if (existingNames.has(name)) return `A scenario named ${name} already exists.`;
  return undefined;
}
