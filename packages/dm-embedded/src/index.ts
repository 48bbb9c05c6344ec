/** The manager, its provider and its settings. */
export { createEmbeddedDeploymentManager, createEmbeddedDeploymentManagerProvider } from './manager';
export type { EmbeddedDeploymentManager, EmbeddedManagerOptions } from './manager';
export { EmbeddedManagerSettingsSchema, TopicRetentionSchema } from './settings';
export type { EmbeddedManagerSettings, TopicRetention } from './settings';

/** Scenario workers: how they build the host's models, and the errors of a worker that failed. */
export type { WorkerEnvironment, WorkerSetup, WorkerSetupModule } from './runtime/worker/protocol';
export { bundleWorkerSources } from './runtime/worker/worker-script';
export { isScenarioUnavailable, isWorkerFailure } from './errors';
export type { WorkerFailureCode } from './errors';

/** The database handle the manager works on and the migration of its tables. */
export type { EmbeddedDatabase } from './storage/database';
export { migrate } from './storage/migrate';

/** Topics: publishing records (with backpressure), reading a topic's tail, listing topics, retention. */
export { listTopics, publishToTopic, readTopicTail, TopicRecordInputSchema, validateTopicName } from './topics/topic-store';
export type { PublishOptions, TopicIssue, TopicRecord, TopicRecordInput, TopicSummary } from './topics/topic-store';
export { applyTopicRetention } from './topics/retention';
export type { RetentionPolicy } from './topics/retention';

/** Per-node counters of running scenarios, and their designer counts shape. */
export { toProcessCounts } from './runtime/node-counters';
export type { CountsRange, NodeCount, ProcessNodeCount } from './runtime/node-counters';

/** Scenario kinds, models and where request-response scenarios are served. */
export { defaultEmbeddedModels, scenarioKindOf } from './runtime/live-scenario';
export type { EmbeddedModels, ScenarioKind } from './runtime/live-scenario';
export { SCENARIO_PATH_PREFIX, scenarioOpenApi } from './runtime/request-response';
export type { BodyBudgetShare, RequestBodyLimit } from './runtime/request-response';

/** Time for running scenarios: the wall clock, or a manual one for tests. */
export { createManualScheduler, createRealtimeScheduler } from './runtime/scheduler';
export type { ManualScheduler, ScheduledTask, Scheduler } from './runtime/scheduler';

/** Batch: the manager of bounded scenarios over SQL tables, the databases it reads and writes, their catalogues. */
export { createBatchDeploymentManager } from './batch/batch-manager';
export type { BatchDeploymentManager, BatchManagerOptions } from './batch/batch-manager';
export { designerDatabase, mariadbDatabase, openSqlDatabase, postgresDatabase } from './batch/sql-database';
export type { SqlDatabase, SqlDatabaseConfig, SqlSession } from './batch/sql-database';
export { describeQuery, readTables, MAX_CATALOGUE_TABLES } from './batch/catalogue';
export type { ConfiguredQuery } from './batch/catalogue';
export type { BatchProgress, BatchFailure, BatchJobLimits } from './batch/batch-job';
export type { TestDataGenerationMode } from './batch/test-data';
