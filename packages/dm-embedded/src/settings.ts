import { z } from 'zod';

/** Settings of the embedded manager that fit in a configuration file. */
export const EmbeddedManagerSettingsSchema = z.object({
  /** Port of the request-response HTTP server (0 = any free port); `null` serves no HTTP. */
  port: z.number().int().min(0).max(65_535).nullable().default(8181),
  host: z.string().default('127.0.0.1'),
  /** How often topic sources look for records appended by other processes. */
  pollIntervalMs: z.number().int().positive().default(500),
  /** Records read and committed per transaction. */
  batchSize: z.number().int().positive().default(100),
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
});
/** Settings of the embedded manager that fit in a configuration file. */
export type EmbeddedManagerSettings = z.input<typeof EmbeddedManagerSettingsSchema>;
/** The settings with their defaults applied, as the manager's parts read them. */
export type ResolvedEmbeddedManagerSettings = z.output<typeof EmbeddedManagerSettingsSchema>;
