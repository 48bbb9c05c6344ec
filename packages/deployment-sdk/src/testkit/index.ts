import { describe, expect, it } from 'vitest';
import { conformanceCheckNames, runConformanceCheck } from './checks';
import type { DeploymentManagerConformanceOptions } from './harness';

export { conformanceCheckNames, conformanceChecks, runConformanceCheck, runDeploymentManagerConformance } from './checks';
export type { ConformanceCheckName } from './checks';
export { ConformanceHarness, describeState } from './harness';
export type { ConformanceEnvironment, ConformanceFinding, DeploymentManagerConformanceOptions } from './harness';

/**
 * Registers the conformance suite as vitest tests, one per check; a test fails with the check's findings.
 * @example
 * describeDeploymentManagerConformance({
 *   name: 'embedded',
 *   setup: () => ({ createManager: (deps) => createEmbeddedManager({ dataDir }, deps) }),
 *   validScenario: (name) => kafkaToKafka(name),
 *   invalidScenario: (name) => withUnknownSource(name),
 * });
 */
export function describeDeploymentManagerConformance(options: DeploymentManagerConformanceOptions): void {
  const timeout = (options.timeoutMs ?? 10_000) * 4 + 5_000;
  describe(`deployment manager conformance: ${options.name}`, () => {
    for (const check of conformanceCheckNames) {
      // Checking tests needs test data; without it the check is not registered rather than passing empty.
      if (check === 'testAnswersResults' && !options.testData) continue;
      it(check, async () => {
        const findings = await runConformanceCheck(check, options);
        expect(findings.map((f) => f.message)).toEqual([]);
      }, timeout);
    }
  });
}
