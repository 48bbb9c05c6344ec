import type { ServerConfig } from '../config/config-schema';

/** Problems of each invalid label against the configured rules (empty when all are fine). */
export function validateLabels(config: ServerConfig, labels: string[]): { label: string; messages: string[] }[] {
  const rules = config.scenarioLabelSettings.validationRules.map((rule) => ({
    pattern: new RegExp(rule.validationPattern, 'u'),
    message: rule.validationMessage,
  }));
  const problems: { label: string; messages: string[] }[] = [];
  const seen = new Set<string>();
  for (const label of labels) {
    const messages = rules.filter((rule) => !rule.pattern.test(label)).map((rule) => rule.message);
    if (label.trim().length === 0) messages.unshift('Scenario label cannot be blank');
    if (seen.has(label)) messages.push('Label has to be unique');
    seen.add(label);
    if (messages.length > 0) problems.push({ label, messages });
  }
  return problems;
}
