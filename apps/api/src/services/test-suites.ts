import { and, asc, eq } from 'drizzle-orm';
import type { StoredTestSuite, SuiteReport, TestSuiteSummary } from '@scenaria/api-contract';
import { fromCanonical, toCanonical } from '@scenaria/graph';
import type { CanonicalProcess } from '@scenaria/graph';
import { runTestSuite } from '@scenaria/scenario-tests';
import { impersonationColumns } from '../auth/users';
import type { AuthenticatedUser } from '../auth/users';
import { scenarioActivities, scenarioTestSuites } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import type { ServiceContext } from './context';
import type { ModelRegistry } from './models';
import { loadVersion } from './scenario-records';
import type { ScenarioService } from './scenarios';

/**
 * Most records a stored suite may feed in all its tests. A run happens on the server's thread (the engine bounds
 * each record's work), so a stored suite is held far below the file format's 500 x 1,000 records.
 */
export const MAX_STORED_SUITE_RECORDS = 5000;

type SuiteRow = typeof scenarioTestSuites.$inferSelect;

function summaryOf(row: SuiteRow): TestSuiteSummary {
  return {
    name: row.name,
    ...(row.description !== null ? { description: row.description } : {}),
    testCount: row.testCount,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    modifiedAt: row.modifiedAt.toISOString(),
    modifiedBy: row.modifiedBy,
  };
}

/** The details answer as JSON text: the stored suite text goes in as it was written, not parsed and written again. */
function detailsText(row: SuiteRow): string {
  const summary = JSON.stringify(summaryOf(row));
  return `${summary.slice(0, -1)},"suite":${row.suiteJson}}`;
}

function recordCount(suite: StoredTestSuite): number {
  return suite.tests.reduce((sum, test) => sum + Object.values(test.inputs).reduce((inner, records) => inner + records.length, 0), 0);
}

/**
 * Test suites stored with a scenario, as attachments are: by name under the scenario, changes recorded in its
 * activity list (CUSTOM_ACTION, as the reference records actions it has no type for), and run in the engine
 * against the scenario's latest version.
 */
export class TestSuiteService {
  // One suite run at a time: runs use the server's thread, so a second one waits rather than doubling the stall.
  #running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly context: ServiceContext,
    private readonly scenarios: ScenarioService,
    private readonly models: ModelRegistry,
  ) {}

  private get db() {
    return this.context.db;
  }

  /** The suites of a scenario, by name. */
  async list(user: AuthenticatedUser, name: string): Promise<TestSuiteSummary[]> {
    const row = await this.scenarios.requireScenario(user, name, 'Read');
    const rows = await this.db.select().from(scenarioTestSuites).where(eq(scenarioTestSuites.scenarioId, row.id)).orderBy(asc(scenarioTestSuites.name));
    return rows.map(summaryOf);
  }

  /** One suite with its summary, as JSON text. */
  async detailsJson(user: AuthenticatedUser, name: string, suiteName: string): Promise<string> {
    const row = await this.scenarios.requireScenario(user, name, 'Read');
    return detailsText(await this.#suiteRow(row.id, name, suiteName));
  }

  async #suiteRow(scenarioId: number, name: string, suiteName: string): Promise<SuiteRow> {
    const [suite] = await this.db
      .select()
      .from(scenarioTestSuites)
      .where(and(eq(scenarioTestSuites.scenarioId, scenarioId), eq(scenarioTestSuites.name, suiteName)));
    if (!suite) throw notFound(`Test suite ${suiteName} of scenario ${name} not found`);
    return suite;
  }

  /** Stores a suite under a name (creating or replacing it) with an activity, in one transaction. */
  async put(user: AuthenticatedUser, name: string, suiteName: string, suite: StoredTestSuite): Promise<string> {
    const row = await this.scenarios.requireScenario(user, name, 'Write');
    if (row.isArchived) throw conflict(`Cannot change the test suites of archived scenario ${name}.`);
    const records = recordCount(suite);
    if (records > MAX_STORED_SUITE_RECORDS) {
      throw badRequest(`A stored test suite feeds at most ${MAX_STORED_SUITE_RECORDS} records in all its tests, this one ${records}`, ['tests']);
    }
    const now = this.context.now();
    const values = {
      description: suite.description ?? null,
      testCount: suite.tests.length,
      suiteJson: JSON.stringify(suite),
      modifiedAt: now,
      modifiedBy: user.username,
    };
    const stored = await this.db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(scenarioTestSuites)
        .values({ scenarioId: row.id, name: suiteName, createdAt: now, createdBy: user.username, ...values })
        .onConflictDoUpdate({ target: [scenarioTestSuites.scenarioId, scenarioTestSuites.name], set: values })
        .returning();
      await tx.insert(scenarioActivities).values({
        scenarioId: row.id,
        type: 'CUSTOM_ACTION',
        user: user.username,
        ...impersonationColumns(user),
        date: now,
        scenarioVersionId: row.latestVersionId,
        additionalFields: [
          { name: 'actionName', value: 'TEST_SUITE_SAVED' },
          { name: 'testSuite', value: suiteName },
        ],
      });
      return saved!;
    });
    return detailsText(stored);
  }

  /** Deletes a suite with an activity, in one transaction. */
  async delete(user: AuthenticatedUser, name: string, suiteName: string): Promise<void> {
    const row = await this.scenarios.requireScenario(user, name, 'Write');
    if (row.isArchived) throw conflict(`Cannot change the test suites of archived scenario ${name}.`);
    await this.db.transaction(async (tx) => {
      const deleted = await tx
        .delete(scenarioTestSuites)
        .where(and(eq(scenarioTestSuites.scenarioId, row.id), eq(scenarioTestSuites.name, suiteName)))
        .returning({ id: scenarioTestSuites.id });
      if (deleted.length === 0) throw notFound(`Test suite ${suiteName} of scenario ${name} not found`);
      await tx.insert(scenarioActivities).values({
        scenarioId: row.id,
        type: 'CUSTOM_ACTION',
        user: user.username,
        ...impersonationColumns(user),
        date: this.context.now(),
        scenarioVersionId: row.latestVersionId,
        additionalFields: [
          { name: 'actionName', value: 'TEST_SUITE_DELETED' },
          { name: 'testSuite', value: suiteName },
        ],
      });
    });
  }

  /** Runs a stored suite in the engine against the scenario's latest version, with the model of its processing type. */
  async run(user: AuthenticatedUser, name: string, suiteName: string): Promise<SuiteReport> {
    const row = await this.scenarios.requireScenario(user, name, 'Read');
    if (row.isFragment) throw conflict(`Scenario ${name} is a fragment: a fragment is tested through the scenarios that use it`);
    const stored = await this.#suiteRow(row.id, name, suiteName);
    const model = this.models.modelFor(row.processingType);
    if (!model) throw conflict(`Scenario type: ${row.processingType} not found`);
    const version = await loadVersion(this.db, row.id, row.latestVersionId);
    if (!version) throw new Error(`Latest version ${row.latestVersionId} of ${name} is missing`);
    const storedCanonical = JSON.parse(version.canonicalJson) as CanonicalProcess;
    const canonical = { ...storedCanonical, metaData: { ...storedCanonical.metaData, id: row.name } };
    const fragmentGraphs = await this.scenarios.fragmentGraphs(row.processingType);
    const fragments = Object.fromEntries(Object.entries(fragmentGraphs).map(([id, graph]) => [id, toCanonical(graph, { id })]));
    const suite = JSON.parse(stored.suiteJson) as StoredTestSuite;
    const scenario = { name: row.name, canonical, graph: fromCanonical(canonical).graph };
    const run = this.#running.then(() => runTestSuite(suite, scenario, { name: suiteName, modelFor: () => model, fragments }));
    this.#running = run.catch(() => undefined);
    return run;
  }
}
