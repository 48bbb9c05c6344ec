/** The time ranges the live counts offer, as the original's counts dialog does. */
export type CountsRangePreset = 'deployment' | 'hour' | 'day' | 'custom';

/** A chosen range: a preset, with the two ends of a custom one as `datetime-local` texts. */
export interface CountsRangeChoice {
  preset: CountsRangePreset;
  from?: string;
  to?: string;
}

/** The `dateFrom`/`dateTo` query of `GET /api/processCounts/{name}` for a choice at `now`; `{}` is the current deployment. */
export function countsQueryOf(choice: CountsRangeChoice, now: Date): { dateFrom?: string; dateTo?: string } {
  const hour = 3_600_000;
  switch (choice.preset) {
    case 'deployment':
      return {};
    case 'hour':
      return { dateFrom: new Date(now.getTime() - hour).toISOString(), dateTo: now.toISOString() };
    case 'day':
      return { dateFrom: new Date(now.getTime() - 24 * hour).toISOString(), dateTo: now.toISOString() };
    case 'custom': {
      // datetime-local has no zone: it is the user's local time, which Date parses it as.
      const from = choice.from ? new Date(choice.from) : undefined;
      const to = choice.to ? new Date(choice.to) : undefined;
      return {
        ...(from && !Number.isNaN(from.getTime()) ? { dateFrom: from.toISOString() } : {}),
        ...(to && !Number.isNaN(to.getTime()) ? { dateTo: to.toISOString() } : {}),
      };
    }
  }
}
