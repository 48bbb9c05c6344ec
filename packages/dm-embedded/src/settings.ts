import { z } from 'zod';

/** Settings of the embedded manager that fit in a configuration file. */
export const EmbeddedManagerSettingsSchema = z.object({
  /**
   * Port of the manager's own request-response HTTP server (0 = any free port). `null` (the default) opens
   * none: the host server mounts the manager's `handleRequest` under `/scenario/*` and serves them on its port.
   */
  port: z.number().int().min(0).max(65_535).nullable().default(null),
  host: z.string().default('127.0.0.1'),
  /** How often topic sources look for records appended by other processes. */
  pollIntervalMs: z.number().int().positive().default(500),
  /** Records read and committed per transaction. */
  batchSize: z.number().int().positive().default(100),
  /**
   * How far behind the latest record of a topic a record may come and still fall in its window: the
   * watermark is the highest event time read minus this (Nussknacker's `defaultMaxOutOfOrdernessMillis`).
   */
  maxOutOfOrdernessMs: z.number().int().min(0).default(60_000),
  /** A topic source without records for this long stops holding windows back (Nussknacker's `kafka.idleTimeout`). */
  idleTimeoutMs: z.number().int().positive().default(180_000),
  /** How often request-response counters are written to the database. */
  countsFlushIntervalMs: z.number().int().positive().default(1_000),
  /** How often the manager picks up deployments made or canceled by other managers over the same database. */
  syncIntervalMs: z.number().int().positive().default(1_000),
  /** How long a manager that stopped answering keeps the streaming jobs it ran before another takes over. */
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
  /** Time a test run may take in its worker. */
  testTimeoutMs: z.number().int().positive().default(30_000),
});
/** Settings of the embedded manager that fit in a configuration file. */
export type EmbeddedManagerSettings = z.input<typeof EmbeddedManagerSettingsSchema>;
/** The settings with their defaults applied, as the manager's parts read them. */
export type ResolvedEmbeddedManagerSettings = z.output<typeof EmbeddedManagerSettingsSchema>;
