import type { JsonValue } from '@scenaria/typing/runtime';
import type { StateSnapshot, WatermarkState } from '@scenaria/engine';
import { bigint, bigserial, index, integer, jsonb, pgSchema, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Everything the embedded manager stores lives in its own PostgreSQL schema, next to the designer's tables
 * in the same database, so neither side's migrations can touch the other's tables.
 */
export const dmSchema = pgSchema('scenaria_dm_embedded');

/** One row per deployment (job); a redeploy cancels the old row and adds a new one. */
export const deployments = dmSchema.table(
  'deployments',
  {
    /** The engine-side id (`externalDeploymentId`). */
    externalId: text('external_id').primaryKey(),
    /** Insertion order: deployments within one millisecond still have a latest one. */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    scenarioName: text('scenario_name').notNull(),
    /** The designer-side id (the DEPLOY action's uuid). */
    deploymentId: text('deployment_id').notNull(),
    processVersion: jsonb('process_version').notNull(),
    /** The canonical scenario, so the deployment can be resumed without asking the designer. */
    scenario: jsonb('scenario').notNull(),
    /** `ACTIVE` (should run), `CANCELED` or `FAILED`. */
    state: text('state').notNull(),
    errors: jsonb('errors').$type<string[]>().notNull(),
    startedAt: bigint('started_at', { mode: 'number' }).notNull(),
    endedAt: bigint('ended_at', { mode: 'number' }),
    /** The manager instance that runs the streaming job (one per database runs it), until its lease ends. */
    runner: text('runner'),
    runnerLeaseUntil: bigint('runner_lease_until', { mode: 'number' }),
  },
  (table) => [index('deployments_scenario_name_idx').on(table.scenarioName)],
);

/** Topics and the offset the next appended record gets. */
export const topics = dmSchema.table('topics', {
  name: text('name').primaryKey(),
  nextOffset: bigint('next_offset', { mode: 'number' }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  /** The sum of `size` over the topic's records still stored (what size retention bounds). */
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
});

/** The durable log: records of a topic in offset order. */
export const topicRecords = dmSchema.table(
  'topic_records',
  {
    topic: text('topic').notNull(),
    offset: bigint('offset', { mode: 'number' }).notNull(),
    key: text('key'),
    /** The record value as plain JSON. */
    value: jsonb('value'),
    /** Epoch milliseconds (event time for the reading scenario). */
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    /** Length of the record's key and JSON value, counted when appended (records stored before 0004 count 0). */
    size: integer('size').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.topic, table.offset] })],
);

/** Where each consumer (one per scenario and source node) continues reading a topic. */
export const consumerOffsets = dmSchema.table(
  'consumer_offsets',
  {
    consumerGroup: text('consumer_group').notNull(),
    topic: text('topic').notNull(),
    nextOffset: bigint('next_offset', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.consumerGroup, table.topic] })],
);

/** Per-node counters of a deployment, committed together with the records they count. */
export const nodeCounts = dmSchema.table(
  'node_counts',
  {
    externalId: text('external_id').notNull(),
    nodeId: text('node_id').notNull(),
    recordsIn: bigint('records_in', { mode: 'number' }).notNull(),
    recordsOut: bigint('records_out', { mode: 'number' }).notNull(),
    errors: bigint('errors', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.externalId, table.nodeId] })],
);

/** Savepoints: the committed offsets of a scenario's topic sources at one moment, to deploy from later. */
export const savepoints = dmSchema.table('savepoints', {
  id: text('id').primaryKey(),
  scenarioName: text('scenario_name').notNull(),
  externalId: text('external_id').notNull(),
  /** `[{ sourceNodeId, topic, nextOffset }]`. */
  offsets: jsonb('offsets').$type<{ sourceNodeId: string; topic: string; nextOffset: number }[]>().notNull(),
  /** The keyed state and watermark of the scenario's stateful nodes, committed with those offsets (null: none kept). */
  state: jsonb('state').$type<StateSnapshot>(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

/**
 * The keyed state of a scenario's stateful nodes (windows, sessions, delayed records): one row per node and
 * record key, written in the transaction that commits the batch's offsets and outputs. It belongs to the
 * scenario, as its consumer offsets do, so a redeploy, a restart and a takeover continue with both.
 */
export const keyedState = dmSchema.table(
  'keyed_state',
  {
    scenarioName: text('scenario_name').notNull(),
    nodeId: text('node_id').notNull(),
    key: text('key').notNull(),
    /** The node's encoded value for the key; null when the key only has timers. */
    value: jsonb('value').$type<JsonValue>(),
    /** Event times at which the node wants to hear of the key again (window ends, delays). */
    timers: jsonb('timers').$type<number[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.scenarioName, table.nodeId, table.key] })],
);

/** A scenario's event time (per-source highest event time and watermark), committed with its keyed state. */
export const scenarioWatermarks = dmSchema.table('scenario_watermarks', {
  scenarioName: text('scenario_name').primaryKey(),
  time: jsonb('time').$type<WatermarkState>().notNull(),
});
