import type { UpkeepPolicy, UpkeepReport } from './pglite-upkeep';

/** Messages between the server and its embedded database's thread (`pglite-thread.ts`, `pglite-worker.ts`). */

/**
 * What the thread starts with: where the data lives, its upkeep's policy (none when false), and an image of a new
 * cluster to load instead of running initdb where there is no database yet (`PgliteThreadOptions.startFrom`).
 */
export interface ThreadData {
  dataDir?: string | undefined;
  upkeep: UpkeepPolicy | false;
  startFrom?: string | undefined;
}

export type ThreadRequest =
  | { id: number; kind: 'query'; text: string; params: unknown[]; rowMode: 'array' | 'object'; rawTypes: number[]; tx?: number }
  | { id: number; kind: 'exec'; text: string; tx?: number }
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'end'; tx: number; commit: boolean }
  | { id: number; kind: 'listen'; channel: string }
  | { id: number; kind: 'unlisten'; channel: string }
  | { id: number; kind: 'close' };

/** An error as plain data: its message and every primitive field (a database error's `code`, `detail` ...). */
export interface ErrorData {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean | null>;
}

export type ThreadReply =
  | { kind: 'reply'; id: number; value: unknown }
  | { kind: 'failure'; id: number; error: ErrorData }
  | { kind: 'notification'; channel: string; payload: string }
  | { kind: 'upkeep'; report: UpkeepReport }
  | { kind: 'ready' }
  | { kind: 'failed'; error: ErrorData };

export function errorData(error: unknown): ErrorData {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: ErrorData['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean | null;
  }
  return { name: error.name, message: error.message, fields };
}

export function errorFrom(data: ErrorData): Error {
  const error = Object.assign(new Error(data.message), data.fields);
  error.name = data.name;
  return error;
}
