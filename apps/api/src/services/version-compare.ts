import { compareScenarios, fromCanonical } from '@scenaria/graph';
import type { ScenarioComparison } from '@scenaria/graph';
import type { AuthenticatedUser } from '../auth/users';
import type { ScenarioService } from './scenarios';

/** Compares two stored versions of a scenario; the rule itself is `compareScenarios` of `@scenaria/graph`. */
export class VersionCompareService {
  constructor(private readonly scenarios: ScenarioService) {}

  /** Differences from `versionId` ("current") to `otherVersionId` ("other"); 404 when either version is missing. */
  async compare(user: AuthenticatedUser, name: string, versionId: number, otherVersionId: number): Promise<ScenarioComparison> {
    // Read through the export, which checks the Read right and answers 404 for an unknown scenario or version.
    const current = await this.scenarios.exportVersion(user, name, versionId);
    const other = await this.scenarios.exportVersion(user, name, otherVersionId);
    return compareScenarios(fromCanonical(current).graph, fromCanonical(other).graph);
  }
}
