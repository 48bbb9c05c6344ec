/** The designer's manager, its provider and its settings. */
export { createJetStreamDeploymentManager, createJetStreamDeploymentManagerProvider } from './manager';
export type { JetStreamDeploymentManager, JetStreamManagerOptions } from './manager';
export { JetStreamManagerSettingsSchema } from './settings';
export type { JetStreamManagerSettings, JetStreamManagerSettingsInput } from './settings';

/** Workers: the processes that run the scenarios' partitions. */
export { startWorker } from './worker';
export type { ScenarioWorker, WorkerOptions } from './worker';

/** Models scenarios compile with. */
export { defaultJetStreamModels } from './scenario';
export type { JetStreamModels } from './scenario';

/** Topics: a connection, publishing, reading, names and partitions. */
export { JetStreamConnection } from './connection';
export type { BrokerWait } from './connection';
export { decodeRecord, deleteTopic, encodeRecord, publishToTopic, readTopic, readTopicTail, TopicRecordInputSchema } from './topics';
export type { ReadTopicRecord, TopicRecord, TopicRecordInput } from './topics';
export { bucketName, partitionOf, partitionSubject, topicStream, validateTopicName } from './naming';
export type { Names } from './naming';
