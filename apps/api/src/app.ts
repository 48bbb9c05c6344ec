import { OpenAPIHono } from '@hono/zod-openapi';
import { SCENARIO_PATH_PREFIX } from '@scenaria/dm-embedded';
import { pino } from 'pino';
import type { Logger } from 'pino';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createAuthenticationProvider } from '@scenaria/auth';
import type { AuthenticationProvider, PasswordHasher } from '@scenaria/auth';
import { Authentication } from './auth/request-user';
import { securityHeaders } from './auth/security-headers';
import { ConfigStore } from './config/config-store';
import type { ServerConfig } from './config/config-schema';
import type { Database } from './db/database';
import { errorResponse, toApiError } from './errors';
import { createNodeListener } from './node-listener';
import { activityRoutes } from './routes/activities';
import { appRoutes } from './routes/app-routes';
import { authenticationRoutes } from './routes/authentication-routes';
import { compareRoutes } from './routes/compare-routes';
import { definitionRoutes } from './routes/definitions';
import { deploymentRoutes } from './routes/deployment-routes';
import { designerExtrasRoutes } from './routes/designer-extras';
import { mountMetrics } from './routes/metrics';
import { migrationRoutes } from './routes/migration-routes';
import { testSuiteRoutes } from './routes/test-suite-routes';
import { nodeValidationRoutes } from './routes/node-validation-routes';
import { documentBodyChecks, requestLimits } from './routes/request-limits';
import { mountDocs } from './routes/docs';
import { validationHook } from './routes/router';
import type { AppEnv } from './routes/router';
import { scenarioRoutes } from './routes/scenarios';
import { serveSinglePageApp } from './routes/static-files';
import { mountStaticIcons } from './routes/static-icons';
import { exportRoutes } from './routes/export-routes';
import { PdfExportService } from './services/pdf-export';
import { ActivityService } from './services/activities';
import type { ScenarioValidator } from './services/context';
import { DeploymentManagers } from './services/deployment-managers';
import type { DeploymentManagerOverrides } from './services/deployment-managers';
import { DeploymentService } from './services/deployments';
import { DictionaryService } from './services/dictionaries';
import { NotificationService } from './services/notifications';
import { StatisticsService } from './services/statistics';
import type { ActionListener } from './services/deployments';
import { MigrationService } from './services/migration';
import { ModelRegistry } from './services/models';
import { BatchCatalogues } from './services/batch-catalogues';
import { NodeValidationService } from './services/node-validation';
import { RemoteEnvironmentService } from './services/remote-environment';
import { TestingService } from './services/testing';
import { TestSuiteService } from './services/test-suites';
import type { TestDataSettings } from './services/testing';
import { ScenarioService } from './services/scenarios';
import type { ListLimits } from './services/scenarios';
import { TopicService, topicBounds } from './services/topics';
import { createScenarioValidator } from './services/validator';
import { ValidationWorkers } from './services/validation-workers';
import { VersionCompareService } from './services/version-compare';

/** What the server is built from; tests pass their own database and configuration. */
export interface AppDependencies {
  db: Database;
  config: ConfigStore | ServerConfig;
  /** The clock (tests may fix it). */
  now?: () => Date;
  /** Whole-scenario validation; by default the validation package with each processing type's model. */
  validateScenario?: ScenarioValidator;
  /** A built web app served at `/` (index.html for client-side routes). */
  staticDir?: string;
  /** Where unexpected errors are reported. */
  logError?: (message: string, error: unknown) => void;
  /** Deployment managers by processing type; the others are built from the configuration (embedded). */
  deploymentManagers?: DeploymentManagerOverrides;
  /** Hear about finished and failed deploy/cancel actions. */
  actionListeners?: readonly ActionListener[];
  /** Where the server logs (pino); the audit log is its `scenario-activity-audit` child. */
  logger?: Logger;
  /** Limits of test runs. */
  testDataSettings?: TestDataSettings;
  /** How passwords are checked; native bcrypt off the event loop by default. */
  passwordHasher?: PasswordHasher;
  /** Who signs in: by default the built-in provider the configuration's `authentication.method` names. */
  authenticationProvider?: AuthenticationProvider;
  /** The realm of 401 challenges; `AUTHENTICATION_REALM` or `nussknacker` by default. */
  authenticationRealm?: string;
  /** The designer database's URL when it is a PostgreSQL server: batch runs on it get sessions of their own. */
  databaseUrl?: string;
  /** How much of the lists the server holds in memory (the defaults suit every size of table). */
  listLimits?: ListLimits;
}

// Paths that answer without a login (rest-api.md: health check, build info, settings and sign-in helpers the
// login page needs, docs).
const PUBLIC_PATHS = new Set([
  '/api/app/healthCheck',
  '/api/app/buildInfo',
  '/api/settings',
  '/api/docs',
  '/api/docs/openapi.json',
  '/api/docs/nu-designer-openapi.yaml',
]);
const isPublic = (path: string) => PUBLIC_PATHS.has(path) || path.startsWith('/api/docs/assets/') || path.startsWith('/api/authentication/');

/** Builds the designer API: routes, auth, docs, errors and (optionally) the web app. */
export function createApp(deps: AppDependencies) {
  const config = deps.config instanceof ConfigStore ? deps.config : new ConfigStore(deps.config);
  const logger = deps.logger ?? pino({ level: process.env.LOG_LEVEL ?? 'info' });
  const catalogues = new BatchCatalogues(deps.db, config, logger, deps.databaseUrl);
  const models = new ModelRegistry(config, catalogues);
  const validationWorkers = new ValidationWorkers();
  const validateScenario = deps.validateScenario ?? createScenarioValidator(models, config, validationWorkers);
  const managers = new DeploymentManagers(deps.db, config, models, logger, deps.deploymentManagers, catalogues);
  const context = {
    db: deps.db,
    config,
    now: deps.now ?? (() => new Date()),
    validateScenario,
    stateOf: managers.stateOf.bind(managers),
    stateFreshness: managers.stateFreshness.bind(managers),
  };
  const scenarios = new ScenarioService(context, deps.listLimits);
  const audit = logger.child({ name: 'scenario-activity-audit' });
  const deployments = new DeploymentService(context, scenarios, managers, audit, deps.actionListeners ?? []);
  const topics = new TopicService(deps.db, () => topicBounds(config.current));
  const testing = new TestingService(models, managers, scenarios, topics, deps.testDataSettings);
  const activities = new ActivityService(context, scenarios);
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  const clock = deps.now;
  const provider =
    deps.authenticationProvider ??
    createAuthenticationProvider(config.current.authentication, {
      users: () => config.current.users,
      limits: () => config.current.signInLimits,
      ...(deps.passwordHasher ? { hasher: deps.passwordHasher } : {}),
      ...(clock ? { now: () => clock().getTime() } : {}),
    });
  const authentication = new Authentication(provider, config, deps.authenticationRealm, logError);

  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.use(securityHeaders(() => config.current));
  // Before the login, so an oversized body is refused without reading it and a NUL never reaches a query.
  app.use('/api/*', requestLimits(config));

  app.use('/api/*', async (c, next) => {
    if (isPublic(c.req.path)) return next();
    const result = await authentication.requestUser(c);
    if (result.kind !== 'user') return authentication.refuse(c, result);
    c.set('user', result.user);
    return next();
  });
  // After the login: only signed-in users (or the anonymous role) make the server read a whole body.
  app.use('/api/*', documentBodyChecks());

  mountDocs(app);
  // Fixed segments before the parameters they would be taken for: `/api/processes/statusDefinitions` is not a
  // scenario, `/api/processes/{name}/activity` is not a version.
  app.route('/', authenticationRoutes(authentication, config, logError));
  app.route('/', appRoutes(config, scenarios, authentication, () => catalogues.refresh()));
  app.route('/', activityRoutes(activities, scenarios));
  app.route('/', testSuiteRoutes(new TestSuiteService(context, scenarios, models)));
  app.route(
    '/',
    designerExtrasRoutes({
      scenarios,
      deployments,
      notifications: new NotificationService(context),
      statistics: new StatisticsService(context),
      dictionaries: new DictionaryService(config, models),
    }),
  );
  app.route('/', scenarioRoutes(scenarios, logError));
  app.route('/', compareRoutes(new VersionCompareService(scenarios)));
  app.route('/', definitionRoutes(config, models, scenarios, managers));
  app.route('/', deploymentRoutes(deployments, testing, topics));
  app.route('/', nodeValidationRoutes(new NodeValidationService(config, models, scenarios)));
  app.route('/', migrationRoutes(new MigrationService(context, scenarios), new RemoteEnvironmentService(context, scenarios)));
  app.route('/', exportRoutes(new PdfExportService(scenarios)));
  mountMetrics(app, managers, config, authentication);
  // Deployed request-response scenarios, on this server's port: public as the original's endpoints (no login),
  // behind the same body limit; the manager bounds JSON depth and answers 503 for an unavailable worker. The
  // server's own listener (`requestListener`) answers these before Hono; this route serves `app.fetch` callers.
  app.use(`${SCENARIO_PATH_PREFIX}/*`, requestLimits(config));
  app.all(`${SCENARIO_PATH_PREFIX}/*`, (c) => managers.handleRequest(c.req.raw));

  mountStaticIcons(app);
  if (deps.staticDir) app.use('*', serveSinglePageApp(deps.staticDir));

  app.notFound((c) => errorResponse(c, 404, { message: `No route for ${c.req.method} ${c.req.path}` }));

  app.onError((error, c) => {
    const expected = toApiError(error);
    if (expected) {
      if (expected.retryAfterSeconds !== undefined) c.header('Retry-After', String(expected.retryAfterSeconds));
      return errorResponse(c, expected.status, {
        message: expected.message,
        ...(expected.path ? { path: expected.path } : {}),
        ...(expected.issues ? { issues: expected.issues } : {}),
      });
    }
    if (error instanceof HTTPException) {
      // Hono's own input errors (malformed JSON, unsupported media type) are bad input, not bugs.
      const status = error.status as ContentfulStatusCode;
      return errorResponse(c, status, { message: error.message || 'Bad request' });
    }
    logError(`Unhandled error on ${c.req.method} ${c.req.path}`, error);
    return errorResponse(c, 500, { message: 'Internal server error' });
  });

  return {
    app,
    /**
     * The listener of the node HTTP server that serves this app (`createServer(requestListener)`): the
     * scenario endpoints on their node path, everything else through `app`.
     */
    requestListener: createNodeListener({ fetch: app.fetch, config, managers, logError }),
    services: { scenarios, activities, deployments, testing },
    authentication,
    config,
    /** Builds the deployment managers now, so deployments persisted by them run again. */
    start: async () => {
      await catalogues.refresh();
      await managers.start((processingType) => scenarios.fragmentGraphs(processingType));
    },
    /**
     * Tells the app where its HTTP server listens (`http://localhost:PORT`), the base of the request-response
     * scenario URLs unless the configuration sets `publicUrl`.
     */
    listeningAt: (url: string) => managers.listeningAt(url),
    /** Closes the managers and the validation workers this app built. */
    close: async () => {
      await managers.close();
      await catalogues.close();
      await validationWorkers.close();
    },
    managers,
  };
}

/** The application built by `createApp`. */
export type ScenariaApp = ReturnType<typeof createApp>;
