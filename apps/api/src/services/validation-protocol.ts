import type { ValidationResult } from '@scenaria/api-contract';
import type { ScenarioGraph } from '@scenaria/graph';
import type { ValidateScenarioOptions } from '@scenaria/validation';
import type { ModelSource } from './models';
import type { PostedSaveBody, PostedVersion, StoredScenarioText, ValidationExtras } from './context';
import type { ErrorBody } from '../errors';
import type { PlacedResult } from './result-ring';

/**
 * Most variable entries the node results of one validation may list (about 25 MB of JSON). Node results name
 * every variable visible at every node, so a chain of n variable nodes would answer n²/2 entries (523 MB at
 * 3,300 nodes); past this the remaining nodes get a `NodeResultsLimitReached` warning instead.
 */
export const MAX_NODE_RESULT_ENTRIES = 250_000;

/**
 * A posted graph as its JSON text. A worker queues what it is sent until its turn, and a graph object is thousands
 * of objects that every young-generation collection of the worker copied while it waited (a text is one); the text
 * also costs less to write and read than the graph's structured clone.
 */
export interface PostedGraphText {
  graphJson: string;
}

/** What a validation worker is asked: one scenario, and the model to check it with. */
export interface ValidationRequest {
  id: number;
  /** The processing type whose model checks the scenario, and that model's id (new on every change). */
  modelName: string;
  modelId: number;
  /** Sent only when the worker has not been sent this model id yet. */
  modelSource?: ModelSource;
  /**
   * A posted graph; a version's canonical text, read as stored versions are (`storedGraphObject`); or a posted
   * graph to be saved, whose version text the worker writes and then reads as a stored version.
   */
  scenario: PostedGraphText | StoredScenarioText | (PostedGraphText & Pick<PostedVersion, 'storeAs'>) | PostedSaveBody;
  options: ValidationRequestOptions & { fragments: Readonly<Record<string, FragmentRef>> };
  /** Fragment graphs the worker may let go of: the server sends one's text again before it is used again. */
  forgetFragments?: number[];
  /** How far the server's thread has read the worker's result ring (`result-ring.ts`). */
  ringReadUpTo: number;
}

/** What a validation worker is started with. */
export interface ValidationWorkerData {
  /** The memory its results are left in for the server's thread (`ResultRingWriter`). */
  ring: SharedArrayBuffer;
}

/** The options of a validation besides the fragments it may use. */
export type ValidationRequestOptions = Required<Pick<ValidateScenarioOptions, 'scenarioName' | 'labels' | 'labelRules' | 'skipNodeResults'>>;

/**
 * A fragment a scenario may use, by the id the server gave its graph, with the graph's JSON text the first time
 * a worker is sent that id. Every validation may use every fragment of its processing type, so sending their
 * graphs each time made a save cost more with every fragment the type had.
 */
export interface FragmentRef {
  id: number;
  graphJson?: string;
}

/**
 * A validation worker's answer: the result's JSON as UTF-8 bytes, placed in the result ring or, when it has no
 * room, in a buffer of their own (transferred, not copied), with its errors; or why it could not validate; or
 * why a save's body was refused.
 */
export type ValidationReply =
  | ({ id: number; errors: ValidationResult['errors'] } & ValidationExtras & ({ placed: PlacedResult } | { bytes: Uint8Array<ArrayBuffer> }))
  | { id: number; failure: string }
  /** A save's body that is bad input (`PostedSaveBody`): answered with 400 and this body, never validated. */
  | { id: number; refused: ErrorBody };

/** The options of the validation package for a request, with its fragments' graphs: the server's bound on node results added. */
export function validationOptionsOf(options: ValidationRequestOptions, fragments: Readonly<Record<string, ScenarioGraph>>): ValidateScenarioOptions {
  return { ...options, fragments, maxNodeResultEntries: MAX_NODE_RESULT_ENTRIES };
}
