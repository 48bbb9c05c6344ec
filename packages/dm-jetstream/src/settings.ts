import { z } from 'zod';

/**
 * The settings of a processing type run on JetStream: the designer's manager and every worker of that
 * processing type must use the same `servers`, `namespace` and `partitions` (they name the same streams and buckets).
 */
export const JetStreamManagerSettingsSchema = z.object({
  /** NATS servers (`host:port`), one or several of a cluster. */
  servers: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).default('127.0.0.1:4222'),
  /** Prefix of every stream, subject and bucket, so several installations (or tests) share one server. */
  namespace: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, _ and -, at most 32').default('scenaria'),
  /** Partitions of every topic, fixed when the topic's stream is created. */
  partitions: z.number().int().min(1).max(256).default(8),
  /** How long a worker's partition lease lasts without renewal (a killed worker's partitions move after it). */
  leaseMs: z.number().int().min(500).max(600_000).default(10_000),
  /** Records of one partition run and committed together. */
  batchSize: z.number().int().min(1).max(10_000).default(500),
  /** The broker drops an output whose message id it saw within this window (the limit of re-emission after takeover). */
  duplicateWindowMs: z.number().int().min(1_000).max(86_400_000).default(120_000),
  /** Event time: how late a record may come behind the latest of its partition (Nussknacker's 60 s). */
  maxOutOfOrdernessMs: z.number().int().min(0).default(60_000),
  /** Event time: a quiet partition stops holding its watermark back after this long. */
  idleTimeoutMs: z.number().int().min(1).default(180_000),
  /**
   * Request-response scenarios: each worker serves every deployed one on this port (`POST /scenario/{slug}`),
   * so N workers are N copies behind a load balancer; `null` (the default) serves none. 0 picks a free port.
   */
  requestResponsePort: z.number().int().min(0).max(65_535).nullable().default(null),
  requestResponseHost: z.string().min(1).default('127.0.0.1'),
  /** Test runs stop after this many records (hostile test data is bounded). */
  maxTestRecords: z.number().int().min(1).max(100_000).default(10_000),
  /** How long the designer waits for a worker to answer a test run. */
  testTimeoutMs: z.number().int().min(100).max(600_000).default(30_000),
});
/** The settings of a processing type run on JetStream. */
export type JetStreamManagerSettings = z.infer<typeof JetStreamManagerSettingsSchema>;
/** The settings as written in configuration (defaults filled in by the schema). */
export type JetStreamManagerSettingsInput = z.input<typeof JetStreamManagerSettingsSchema>;
