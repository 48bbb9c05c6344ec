/** Display names and badge tones of the statuses of the reference (semantics.md §1). */
const statuses: Record<string, { label: string; tone: StatusTone }> = {
  NOT_DEPLOYED: { label: 'Not deployed', tone: 'neutral' },
  DURING_DEPLOY: { label: 'During deploy', tone: 'info' },
  RUNNING: { label: 'Running', tone: 'ok' },
  FINISHED: { label: 'Finished', tone: 'accent' },
  RESTARTING: { label: 'Restarting', tone: 'warn' },
  DURING_CANCEL: { label: 'During cancel', tone: 'info' },
  CANCELED: { label: 'Canceled', tone: 'neutral' },
  PROBLEM: { label: 'Problem', tone: 'danger' },
};

export type StatusTone = 'neutral' | 'info' | 'ok' | 'accent' | 'warn' | 'danger';

export function statusLabel(name: string): string {
  return statuses[name]?.label ?? name.charAt(0) + name.slice(1).toLowerCase().replaceAll('_', ' ');
}

export function statusTone(name: string): StatusTone {
  return statuses[name]?.tone ?? 'neutral';
}

/** Statuses worth offering in the list filter, in a sensible order. */
export const knownStatusNames = Object.keys(statuses);

/**
 * The next run a manager reports in a status's attributes (`nextRunAt`, ISO time, e.g. a scheduled batch
 * deployment), as "YYYY-MM-DD HH:mm UTC"; undefined when the status carries none or not a valid time.
 */
export function nextRunOf(attributes: unknown): string | undefined {
  if (typeof attributes !== 'object' || attributes === null) return undefined;
  const value = (attributes as { nextRunAt?: unknown }).nextRunAt;
  if (typeof value !== 'string') return undefined;
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return undefined;
  return `${time.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
