import type { RouteConfig } from '@hono/zod-openapi';
import * as activityRoutes from './activities';
import * as appRoutes from './app';
import * as compareRoutes from './compare';
import * as authenticationRoutes from './authentication';
import { PERMISSION_EXTENSION } from './define';
import * as deploymentRoutes from './deployment';
import * as migrationRoutes from './migration';
import * as extraRoutes from './extras';
import * as exportRoutes from './export';
import * as nodeValidationRoutes from './node-validation';
import * as scenarioRoutes from './scenarios';
import * as testSuiteRoutes from './test-suites';

// Taken from the route modules themselves rather than listed again, so a new route cannot be left out. A
// module also exports schemas; a route is what `defineRoute` made, which carries the permission extension.
function routesOf(module: Record<string, unknown>): RouteConfig[] {
  return Object.values(module).filter(
    (value): value is RouteConfig => typeof value === 'object' && value !== null && PERMISSION_EXTENSION in value,
  );
}

// A path parameter sorts after every literal segment, so a fixed path comes before the parameterised path
// that would otherwise match it (`/api/processes/status` before `/api/processes/{scenarioName}`).
function registrationKey(route: RouteConfig): string {
  return `${route.path.replace(/\{[^}]*\}/g, '\uffff')} ${route.method}`;
}

/**
 * Every route of the contract, in an order a server can register them in: fixed paths before the
 * parameterised paths they would otherwise be taken for. Typed as plain route configs: the tuple of every
 * route's full type is too large for declaration files, and a caller that needs one route's types imports
 * that route.
 */
export const allRoutes: readonly RouteConfig[] = [
  ...routesOf(scenarioRoutes),
  ...routesOf(activityRoutes),
  ...routesOf(appRoutes),
  ...routesOf(compareRoutes),
  ...routesOf(authenticationRoutes),
  ...routesOf(deploymentRoutes),
  ...routesOf(exportRoutes),
  ...routesOf(nodeValidationRoutes),
  ...routesOf(migrationRoutes),
  ...routesOf(extraRoutes),
  ...routesOf(testSuiteRoutes),
].sort((a, b) => (registrationKey(a) < registrationKey(b) ? -1 : registrationKey(a) > registrationKey(b) ? 1 : 0));
