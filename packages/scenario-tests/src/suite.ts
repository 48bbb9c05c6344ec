import { parse as parseYaml } from 'yaml';
import { MAX_SUITE_CHARS, TestSuiteSchema } from './suite-schema';
import type { TestSuite } from './suite-schema';

/** A problem reading a suite, at a path of the document. */
export interface SuiteIssue {
  code: 'SuiteTooLong' | 'SuiteSyntax' | 'SuiteShape';
  message: string;
  path: readonly (string | number)[];
}

/**
 * Reads a suite from YAML or JSON text (JSON is YAML, so one parser reads both). Aliases are capped, so a
 * "billion laughs" document fails instead of expanding.
 * @example
 * const suite = parseTestSuite(await readFile('fraud.test.yaml', 'utf8'));
 * if (suite.ok) console.log(suite.value.tests.length);
 */
export function parseTestSuite(text: string): { ok: true; value: TestSuite } | { ok: false; issues: SuiteIssue[] } {
  if (text.length > MAX_SUITE_CHARS) {
    return { ok: false, issues: [{ code: 'SuiteTooLong', message: `A suite has at most ${MAX_SUITE_CHARS} characters`, path: [] }] };
  }
  let document: unknown;
  try {
    document = parseYaml(text, { maxAliasCount: 100, uniqueKeys: true });
  } catch (error) {
    return { ok: false, issues: [{ code: 'SuiteSyntax', message: error instanceof Error ? error.message : String(error), path: [] }] };
  }
  const parsed = TestSuiteSchema.safeParse(document);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({ code: 'SuiteShape', message: issue.message, path: issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)) })),
  };
}
