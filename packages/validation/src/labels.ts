/** Longest label accepted (characters). */
export const MAX_LABEL_LENGTH = 64;

/**
 * Labels: letters and digits of any script, spaces, and `- _ . : / #`; not blank, no surrounding spaces,
 * at most {@link MAX_LABEL_LENGTH} characters; each label once per scenario.
 */
const LABEL_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} _.:/#-]*$/u;

/** One invalid label with its messages (the `/api/scenarioLabels/validation` response item). */
export interface LabelValidationError {
  readonly label: string;
  readonly messages: string[];
}

/** Validates scenario labels; an empty array means all are valid. */
export function validateScenarioLabels(labels: readonly string[]): LabelValidationError[] {
  const errors: LabelValidationError[] = [];
  const seen = new Set<string>();
  for (const label of labels) {
    const messages: string[] = [];
    if (label.trim() === '') messages.push('Label cannot be blank');
    else {
      if (label !== label.trim()) messages.push('Label cannot start or end with whitespace');
      if ([...label].length > MAX_LABEL_LENGTH) messages.push(`Label cannot be longer than ${MAX_LABEL_LENGTH} characters`);
      if (!LABEL_PATTERN.test(label.trim())) messages.push('Label can contain only letters, digits, spaces and - _ . : / #, and must start with a letter or digit');
    }
    if (seen.has(label)) messages.push('Label has to be unique');
    seen.add(label);
    if (messages.length > 0) errors.push({ label, messages });
  }
  return errors;
}
