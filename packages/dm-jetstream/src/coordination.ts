import type { ProcessVersion } from '@scenaria/deployment-sdk';
import type { StateSnapshot } from '@scenaria/engine';
import type { CanonicalProcess } from '@scenaria/graph';
import type { JetStreamManager } from '@nats-io/jetstream';
import type { KV } from '@nats-io/kv';
import type { NodeCounts } from './scenario';

/** A deployment as the designer's manager stores it and the workers read it (deployments bucket, key: the scenario). */
export interface StoredDeployment {
  scenarioName: string;
  deploymentId: string;
  externalId: string;
  processVersion: ProcessVersion;
  scenario: CanonicalProcess;
  state: 'RUNNING' | 'CANCELED';
  /** Epoch ms. */
  startedAt: number;
}

/**
 * One partition's checkpoint (checkpoints bucket): the offsets read, the state the scenario had after them and
 * the counts, in one value, so one revision-checked update commits them together. The revision is the fence:
 * a worker taking a partition over writes it first (`epoch` + 1), so the previous owner's next commit fails.
 */
export interface Checkpoint {
  owner: string;
  epoch: number;
  /** Counts belong to a deployment (the designer shows counts since it started); offsets and state to the scenario. */
  deploymentId: string;
  /** Per source node: the stream sequence of the last record run. */
  offsets: Record<string, number>;
  state: StateSnapshot;
  counts: NodeCounts;
}

/** A worker's sign of life (workers bucket, key: its id). */
export interface WorkerHeartbeat {
  workerId: string;
  startedAt: number;
  /** Partitions held now, as `scenarioKey.partition`. */
  partitions: string[];
  /** Partitions (or request-response endpoints: partition null) whose scenario failed here (retried every tick), for the designer's status. */
  problems: { scenarioName: string; deploymentId: string; partition: number | null; message: string }[];
}

/** A partition lease (leases bucket): who holds it. Its expiry is judged by watching its revision, not by clocks. */
export interface Lease {
  owner: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A JSON value of a bucket with its revision, `undefined` when absent or deleted. */
export async function readJson<T>(kv: KV, key: string): Promise<{ value: T; revision: number; created: Date } | undefined> {
  const entry = await kv.get(key);
  if (!entry || entry.operation !== 'PUT' || entry.value.length === 0) return undefined;
  return { value: JSON.parse(decoder.decode(entry.value)) as T, revision: entry.revision, created: entry.created };
}

/** Encodes a JSON value for a bucket. */
export const jsonBytes = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));

/**
 * Writes a value only if the key is still at `revision` (absent when `undefined`); answers the new revision, or
 * `undefined` when someone else wrote it first (the caller lost the race, or was fenced).
 */
export async function writeIfUnchanged(kv: KV, key: string, value: unknown, revision: number | undefined): Promise<number | undefined> {
  try {
    return revision === undefined ? await kv.create(key, jsonBytes(value)) : await kv.update(key, jsonBytes(value), revision);
  } catch (error) {
    if (isWrongRevision(error)) return undefined;
    throw error;
  }
}

/** The broker's answer to a revision-checked write that lost (`wrong last sequence`, or the key exists on create). */
export function isWrongRevision(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown; api_error?: { err_code?: unknown } }).code ?? (error as { api_error?: { err_code?: unknown } }).api_error?.err_code;
  if (code === 10071 || code === 10164) return true;
  const message = error instanceof Error ? error.message : '';
  return /wrong last sequence|key exists/i.test(message);
}

/**
 * The keys of a bucket, from the stream's subject list in one request. The client's `keys()` follows a
 * consumer until it has seen as many messages as were pending at its start, and waits for a heartbeat (half
 * a minute) when writes land meanwhile, as heartbeats and leases do all the time. Deleted keys are listed too
 * (their delete marker is a message): `readJson` answers `undefined` for them.
 */
export async function keysOf(jsm: JetStreamManager, bucket: string): Promise<string[]> {
  const prefix = `$KV.${bucket}.`;
  const info = await jsm.streams.info(`KV_${bucket}`, { subjects_filter: '>' });
  return Object.keys(info.state.subjects ?? {})
    .filter((subject) => subject.startsWith(prefix))
    .map((subject) => subject.slice(prefix.length));
}
