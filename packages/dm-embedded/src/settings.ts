import { z } from 'zod';

/** How long a topic keeps records its consumers have read: by age and by size (`null`: no bound). */
export const TopicRetentionSchema = z.object({
  /** Records whose timestamp is older than this are deleted. */
  maxAgeMs: z.number().int().positive().nullable().default(null),
  /** The oldest records are deleted while the topic's records take more than this (key and JSON value lengths). */
  maxBytes: z.number().int().positive().nullable().default(null),
});
/** How long a topic keeps records. */
export type TopicRetention = z.output<typeof TopicRetentionSchema>;

/** Settings of the embedded manager that fit in a configuration file. */
export const EmbeddedManagerSettingsSchema = z.object({
  /**
   * Port of the manager's own request-response HTTP server (0 = any free port). `null` (the default) opens
   * none: the host server mounts the manager's `handleRequest` under `/scenario/*` and serves them on its port.
   */
  port: z.number().int().min(0).max(65_535).nullable().default(null),
  host: z.string().default('127.0.0.1'),
  /**
   * How often topic sources look for new records when the database cannot wake them (a handle without
   * LISTEN). PostgreSQL and PGlite wake them on every append (LISTEN/NOTIFY), so there only the safety poll runs.
   */
  pollIntervalMs: z.number().int().positive().default(500),
  /**
   * How often a topic source that is woken by appends looks anyway (a lost notification, a listening
   * connection that reconnected): the only database work of an idle streaming deployment besides its lease.
   */
  safetyPollIntervalMs: z.number().int().positive().default(30_000),
  /** Records read and committed per transaction (measured in BENCHMARKS.md: larger batches cost less per record). */
  batchSize: z.number().int().positive().default(1_000),
  /**
   * Backpressure: a publish to a topic whose oldest active consumer is this many records (or more) behind
   * waits for it to catch up, and is refused (`TopicBacklogFull`) after `publishWaitMs`. Bounds the log and
   * the publish-to-output latency under sustained load.
   */
  maxTopicBacklog: z.number().int().positive().default(10_000),
  /** How long a publish held back by `maxTopicBacklog` waits before it is refused (0: refused at once). */
  publishWaitMs: z.number().int().min(0).default(5_000),
  /**
   * Retention of every topic: records older than `maxAgeMs` (by record timestamp) and the oldest records
   * beyond `maxBytes`, once every active consumer has read them, are deleted. `null`: kept for ever.
   */
  topicRetention: TopicRetentionSchema.default({ maxAgeMs: 7 * 24 * 60 * 60_000, maxBytes: null }),
  /** Retention for single topics by name, replacing `topicRetention` for them. */
  topicRetentionOverrides: z.record(z.string(), TopicRetentionSchema).default({}),
  /** How often the manager applies retention. */
  retentionIntervalMs: z.number().int().positive().default(60_000),
  /** Records deleted per retention transaction (several per run, each short, so appends are not held up). */
  retentionChunkSize: z.number().int().positive().default(5_000),
  /**
   * How far behind the latest record of a topic a record may come and still fall in its window: the
   * watermark is the highest event time read minus this (Nussknacker's `defaultMaxOutOfOrdernessMillis`).
   */
  maxOutOfOrdernessMs: z.number().int().min(0).default(60_000),
  /** A topic source without records for this long stops holding windows back (Nussknacker's `kafka.idleTimeout`). */
  idleTimeoutMs: z.number().int().positive().default(180_000),
  /** How often request-response counters are written to the database. */
  countsFlushIntervalMs: z.number().int().positive().default(1_000),
  /**
   * How often the manager catches up with deployments made or canceled by other managers over the same
   * database. Those changes are also announced (NOTIFY) and picked up at once; this is the safety net.
   */
  syncIntervalMs: z.number().int().positive().default(5_000),
  /**
   * How long a manager that stopped answering keeps the streaming jobs it ran before another takes over (it
   * renews the lease every quarter of this). A manager that closes gives its leases up and tells the others
   * (NOTIFY), so they take over at once.
   */
  runnerLeaseMs: z.number().int().positive().default(10_000),
  /** A streaming job that fails (a database error) is restarted this many times before its deployment fails. */
  maxRestarts: z.number().int().min(0).default(3),
  /** Wait before the first restart; doubled for each further one. */
  restartBackoffMs: z.number().int().positive().default(1_000),
  /**
   * Where scenarios run: `worker` (one worker thread per deployment and per test run, with the memory limit
   * and time budgets below, so a hostile scenario costs its worker, never the server) or `none` (on the
   * server's thread, without limits).
   */
  isolation: z.enum(['worker', 'none']).default('worker'),
  /** Heap of a scenario worker (node's `maxOldGenerationSizeMb`); past it the worker is restarted. */
  workerMaxOldGenerationSizeMb: z.number().int().min(8).default(256),
  /** Young generation of a scenario worker (`maxYoungGenerationSizeMb`). */
  workerMaxYoungGenerationSizeMb: z.number().int().min(1).default(32),
  /** Stack of a scenario worker (`stackSizeMb`). */
  workerStackSizeMb: z.number().int().min(1).default(4),
  /** Time a batch (a streaming poll, a generator tick) may take in a worker before it is restarted. */
  batchTimeoutMs: z.number().int().positive().default(10_000),
  /** Time a request-response request may take in a worker before it is restarted (the request gets a 503). */
  requestTimeoutMs: z.number().int().positive().default(5_000),
  /**
   * Steps each expression of a small, compute-only request-response scenario may take when its request is
   * answered on the server's thread instead of its worker (no thread hop; see `inline-requests.ts`). A
   * request that needs more runs again in the worker, where the scenario's later requests then go. 0: every
   * request goes to the worker. Only with `isolation: 'worker'`.
   */
  inlineRequestSteps: z.number().int().min(0).max(100_000).default(5_000),
  /** Time a test run may take in its worker. */
  testTimeoutMs: z.number().int().positive().default(30_000),
});
/** Settings of the embedded manager that fit in a configuration file. */
export type EmbeddedManagerSettings = z.input<typeof EmbeddedManagerSettingsSchema>;
/** The settings with their defaults applied, as the manager's parts read them. */
export type ResolvedEmbeddedManagerSettings = z.output<typeof EmbeddedManagerSettingsSchema>;
