/**
 * Upkeep of the embedded database: PGlite runs PostgreSQL without its autovacuum workers, so nothing reclaims the
 * dead row versions every update leaves, keeps the planner's statistics, or freezes old rows before transaction
 * ids wrap around. The database's thread runs this instead: now and then, when no request is waiting, one table
 * that autovacuum's rules would pick is vacuumed or analyzed. One table per step, so a step holds the thread for
 * as long as that table's changes since its last upkeep take, not for the whole database.
 */

/** When a table is due, in autovacuum's terms (a base count plus a share of the table's live rows). */
export interface UpkeepPolicy {
  /** How often the thread looks for a table that is due. */
  everyMs: number;
  /** How long a due step may wait for the thread to be idle before it runs between two requests anyway. */
  mostWaitMs: number;
  /** Vacuum when dead rows exceed `base + scale × live rows`. */
  deadRows: { base: number; scale: number };
  /** Vacuum when rows inserted since the last vacuum exceed this (sets the visibility map, freezes early). */
  insertedRows: { base: number; scale: number };
  /** Analyze when rows changed since the last analyze exceed this. */
  changedRows: { base: number; scale: number };
  /** Vacuum with FREEZE when the table's (or its TOAST table's) oldest unfrozen transaction id is this old. */
  freezeAge: number;
}

// PostgreSQL's own autovacuum defaults, and a freeze age half of autovacuum_freeze_max_age: frozen well before
// PostgreSQL would refuse to assign new transaction ids.
export const DEFAULT_UPKEEP: UpkeepPolicy = {
  everyMs: 30_000,
  mostWaitMs: 300_000,
  deadRows: { base: 50, scale: 0.2 },
  insertedRows: { base: 1_000, scale: 0.2 },
  changedRows: { base: 50, scale: 0.1 },
  freezeAge: 100_000_000,
};

export type UpkeepAction = 'vacuum' | 'vacuum-freeze' | 'analyze';

/**
 * What a step did: which table, what was done, and for how long it held the database's thread; or why it failed
 * (the table dropped meanwhile, say; or the statistics could not be read, then without a table).
 */
export type UpkeepReport =
  | { kind: 'done'; table: string; action: UpkeepAction; ms: number }
  | { kind: 'failed'; table?: string; action?: UpkeepAction; message: string };

interface DueRow {
  target: string;
  to_freeze: boolean;
  to_vacuum: boolean;
}

/**
 * The table most due for upkeep, if any: every ordinary table and materialized view of the database, system
 * catalogs included (their rows churn too, and the database's oldest transaction id is theirs as much as ours).
 * Freezing comes first, then the table furthest past its threshold. `oid::regclass::text` is the table's name as
 * SQL quotes it.
 */
const DUE = `
with tables as (
  select c.oid, c.oid::regclass::text as target,
         coalesce(s.n_live_tup, 0)::float8 as live,
         coalesce(s.n_dead_tup, 0)::float8 as dead,
         coalesce(s.n_ins_since_vacuum, 0)::float8 as inserted,
         coalesce(s.n_mod_since_analyze, 0)::float8 as changed,
         greatest(age(c.relfrozenxid), coalesce(age(t.relfrozenxid), 0)) as xid_age,
         c.relkind
    from pg_class c
    left join pg_class t on t.oid = c.reltoastrelid
    left join pg_stat_all_tables s on s.relid = c.oid
   where c.relkind in ('r', 'm') and c.relpersistence = 'p'
), scored as (
  select target, xid_age > $1 as to_freeze,
         dead / ($2 + $3 * live) as dead_share,
         inserted / ($4 + $5 * live) as inserted_share,
         -- ANALYZE skips pg_statistic (it holds the statistics), which every ANALYZE changes.
         case when relkind = 'r' and oid <> 'pg_statistic'::regclass then changed / ($6 + $7 * live) else 0 end as changed_share
    from tables
   where not (target = any($8::text[]))
)
select target, to_freeze, greatest(dead_share, inserted_share) > 1 as to_vacuum
  from scored
 where to_freeze or dead_share > 1 or inserted_share > 1 or changed_share > 1
 order by to_freeze desc, greatest(dead_share, inserted_share, changed_share) desc
 limit 1`;

/** The part of a PGlite client upkeep uses. */
export interface UpkeepDatabase {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}

/** Picks the table most due and does what it needs: at most one VACUUM or ANALYZE. Undefined when none is due. */
export async function upkeepStep(
  db: UpkeepDatabase,
  policy: UpkeepPolicy,
  skipped: readonly string[] = [],
  stillIdle: () => boolean = () => true,
): Promise<UpkeepReport | 'deferred' | undefined> {
  // The session's counts reach the statistics at most once a second, at the end of a transaction, and PGlite has
  // no timer to send the rest when it falls idle: this statement's end sends them, so the next one reads them all.
  await db.query('select pg_stat_force_next_flush()');
  const { rows } = await db.query<DueRow>(DUE, [
    policy.freezeAge,
    policy.deadRows.base,
    policy.deadRows.scale,
    policy.insertedRows.base,
    policy.insertedRows.scale,
    policy.changedRows.base,
    policy.changedRows.scale,
    skipped,
  ]);
  const due = rows[0];
  if (!due) return undefined;
  // A request came in while the statistics were read: it goes first, the step waits for the next idle moment.
  if (!stillIdle()) return 'deferred';
  const action: UpkeepAction = due.to_freeze ? 'vacuum-freeze' : due.to_vacuum ? 'vacuum' : 'analyze';
  const statement =
    action === 'vacuum-freeze' ? `vacuum (freeze, analyze) ${due.target}` : action === 'vacuum' ? `vacuum (analyze) ${due.target}` : `analyze ${due.target}`;
  const started = performance.now();
  try {
    await db.exec(statement);
  } catch (error) {
    return { kind: 'failed', table: due.target, action, message: messageOf(error) };
  }
  return { kind: 'done', table: due.target, action, ms: performance.now() - started };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// A table whose step failed is left alone this long: it is likely to fail again at once.
const FAILED_TABLE_REST_MS = 3_600_000;

/**
 * Runs upkeep steps on a timer: every `everyMs`, one step when the thread is idle; a step that found work looks
 * again soon after (a backlog is worked off one table at a time, each between requests). When the thread has not
 * been idle for `mostWaitMs`, the step runs anyway. The timer never keeps the thread alive.
 */
export class UpkeepSchedule {
  readonly #db: UpkeepDatabase;
  readonly #policy: UpkeepPolicy;
  readonly #isIdle: () => boolean;
  readonly #report: (report: UpkeepReport) => void;
  readonly #failed = new Map<string, number>();
  // The tables done since the last step that found nothing due: a backlog is worked off each table once, so a
  // table that stays due after its step (its threshold unreachable) waits for the next period, not a second.
  readonly #sweep = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #waitingSince: number | undefined;
  #stopped = false;
  #running: Promise<void> | undefined;

  constructor(db: UpkeepDatabase, policy: UpkeepPolicy, isIdle: () => boolean, report: (report: UpkeepReport) => void) {
    this.#db = db;
    this.#policy = policy;
    this.#isIdle = isIdle;
    this.#report = report;
    this.#schedule(policy.everyMs);
  }

  /** Stops the timer and waits for a step under way, so the database can be closed after it. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(ms: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#running = this.#tick().finally(() => (this.#running = undefined));
    }, ms);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    const now = Date.now();
    this.#waitingSince ??= now;
    const overdue = now - this.#waitingSince >= this.#policy.mostWaitMs;
    if (!this.#isIdle() && !overdue) {
      // Busy: looks again shortly rather than a whole period later, so a quiet moment is not missed.
      this.#schedule(Math.min(1_000, this.#policy.everyMs));
      return;
    }
    for (const [table, at] of this.#failed) if (now - at >= FAILED_TABLE_REST_MS) this.#failed.delete(table);
    let outcome: UpkeepReport | 'deferred' | undefined;
    try {
      outcome = await upkeepStep(this.#db, this.#policy, [...this.#failed.keys(), ...this.#sweep], () => overdue || this.#isIdle());
    } catch (error) {
      // The statistics could not be read (the database closing, say): nothing was done; the next period tries again.
      outcome = { kind: 'failed', message: messageOf(error) };
    }
    if (outcome === 'deferred') {
      this.#schedule(Math.min(1_000, this.#policy.everyMs));
      return;
    }
    this.#waitingSince = undefined;
    if (outcome) {
      if (outcome.kind === 'failed' && outcome.table !== undefined) this.#failed.set(outcome.table, now);
      if (outcome.kind === 'done') this.#sweep.add(outcome.table);
      this.#report(outcome);
    }
    if (outcome?.kind === 'done') {
      // Work done: more tables may be due, the next one a moment later.
      this.#schedule(Math.min(1_000, this.#policy.everyMs));
    } else {
      this.#sweep.clear();
      this.#schedule(this.#policy.everyMs);
    }
  }
}
