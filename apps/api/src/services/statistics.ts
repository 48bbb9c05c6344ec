import { sql } from 'drizzle-orm';
import { frontendStatistics } from '../db/schema';
import type { ServiceContext } from './context';

/** Counts the front end's usage events per day (`POST /api/statistic`). */
export class StatisticsService {
  constructor(private readonly context: ServiceContext) {}

  /** Adds one to each named event of today, in one statement. */
  async register(names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    const day = this.context.now().toISOString().slice(0, 10);
    const counts = new Map<string, number>();
    for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
    await this.context.db
      .insert(frontendStatistics)
      .values([...counts].map(([name, count]) => ({ day, name, count })))
      .onConflictDoUpdate({
        target: [frontendStatistics.day, frontendStatistics.name],
        set: { count: sql`${frontendStatistics.count} + excluded.count` },
      });
  }

  /** Counts per event name of one day. */
  async countsOf(day: string): Promise<Record<string, number>> {
    const rows = await this.context.db.select().from(frontendStatistics).where(sql`${frontendStatistics.day} = ${day}`);
    return Object.fromEntries(rows.map((row) => [row.name, row.count]));
  }
}
