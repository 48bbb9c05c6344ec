import { z } from 'zod';

/** Longest label the default rules accept (characters). */
export const MAX_LABEL_LENGTH = 64;

function compilesAsUnicodeRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/**
 * One label rule as a deployment configures it (`scenarioLabelSettings.validationRules` of Nussknacker): a
 * label must match `validationPattern` (a regular expression, Unicode mode, tested against the whole label
 * as given) or it gets `validationMessage`.
 */
export const LabelValidationRuleSchema = z.object({
  validationPattern: z.string().refine(compilesAsUnicodeRegExp, { message: 'Not a valid regular expression' }),
  validationMessage: z.string(),
});
/** One configured label rule. */
export type LabelValidationRule = z.infer<typeof LabelValidationRuleSchema>;

/**
 * The rules used when a caller configures none: letters and digits of any script, spaces and `- _ . : / #`,
 * starting with a letter or digit, no surrounding whitespace, at most {@link MAX_LABEL_LENGTH} characters.
 */
export const DEFAULT_LABEL_VALIDATION_RULES: readonly LabelValidationRule[] = [
  { validationPattern: '^\\S(?:[\\s\\S]*\\S)?$', validationMessage: 'Label cannot start or end with whitespace' },
  { validationPattern: `^[\\s\\S]{0,${MAX_LABEL_LENGTH}}$`, validationMessage: `Label cannot be longer than ${MAX_LABEL_LENGTH} characters` },
  // Surrounding whitespace is the first rule's message; this one judges the characters in between.
  {
    validationPattern: '^\\s*[\\p{L}\\p{N}][\\p{L}\\p{N} _.:/#-]*\\s*$',
    validationMessage: 'Label can contain only letters, digits, spaces and - _ . : / #, and must start with a letter or digit',
  },
];

/** One invalid label with its messages (the `/api/scenarioLabels/validation` response item). */
export interface LabelValidationError {
  readonly label: string;
  readonly messages: string[];
}

// A deployment's rules are one array for the life of its configuration: compile them once, not per label.
const compiled = new WeakMap<readonly LabelValidationRule[], readonly { pattern: RegExp; message: string }[]>();

function compileRules(rules: readonly LabelValidationRule[]): readonly { pattern: RegExp; message: string }[] {
  let result = compiled.get(rules);
  if (result === undefined) {
    result = rules.map((rule) => ({ pattern: new RegExp(rule.validationPattern, 'u'), message: rule.validationMessage }));
    compiled.set(rules, result);
  }
  return result;
}

/**
 * Validates scenario labels: a blank label is refused whatever the rules, every other label is checked
 * against each rule, and a label given twice is refused the second time ("Label has to be unique", the
 * original's message). An empty array means all are valid. Throws only when a rule is not a valid regular
 * expression (check configured rules with {@link LabelValidationRuleSchema}).
 * @example validateScenarioLabels(['fraud', 'not ok'], [{ validationPattern: '^[\\w-]+$', validationMessage: 'Only letters, digits, - and _' }])
 */
export function validateScenarioLabels(
  labels: readonly string[],
  rules: readonly LabelValidationRule[] = DEFAULT_LABEL_VALIDATION_RULES,
): LabelValidationError[] {
  const checks = compileRules(rules);
  const errors: LabelValidationError[] = [];
  const seen = new Set<string>();
  for (const label of labels) {
    const messages =
      label.trim() === '' ? ['Label cannot be blank'] : checks.filter((check) => !check.pattern.test(label)).map((check) => check.message);
    if (seen.has(label)) messages.push('Label has to be unique');
    seen.add(label);
    if (messages.length > 0) errors.push({ label, messages });
  }
  return errors;
}
