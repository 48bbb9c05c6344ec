import type { ScenarioGraph } from '@scenaria/graph';
import type { ValidationResult } from '@scenaria/api-contract';
import type { ConfigStore } from '../config/config-store';
import type { Database } from '../db/database';
import type { StateResolver } from './state';
import type { StoredGraphText, VersionText } from './stored-graphs';

/**
 * What a scenario validator is told about the scenario it checks: its graph, or the canonical text of a stored
 * version or one about to be stored, which the validator reads as stored versions are read (`storedGraphObject`).
 */
export type ScenarioValidationInput = ScenarioValidationContext & ({ graph: ScenarioGraph } | StoredScenarioText | PostedVersion);

/** A version's canonical text to validate; with `servedText`, the graph's served text is answered too (a save keeps it). */
export interface StoredScenarioText {
  canonicalJson: string;
  servedText?: boolean;
}

/**
 * A posted graph about to be saved as a version of the scenario `storeAs`: when the graph has a stored form (no
 * `canonicalFormProblems`), a validator may write that version's canonical text and comparison key
 * (`versionTextOf`) and answer them (`ValidatedScenario.version`) with the graph's served text, having validated
 * the graph as the stored version will be read. Otherwise, or when it does not write versions, it validates the
 * graph as posted, and the save writes the version's text itself (or refuses a graph without a stored form).
 */
export interface PostedVersion {
  graph: ScenarioGraph;
  storeAs: string;
}

export interface ScenarioValidationContext {
  name: string;
  isFragment: boolean;
  processingType: string;
  category: string;
  labels: string[];
  /** Latest graphs of the fragments the scenario may use, by name. */
  fragments: Record<string, ScenarioGraph>;
  skipNodeResults: boolean;
}

/**
 * A validation's outcome as answers use it: the JSON bytes they embed, the errors that decide whether a save or
 * a deployment is refused, and the whole result, parsed from the bytes only when something asks for it.
 */
export interface ValidatedScenario {
  /** The result's JSON as UTF-8 bytes, as the worker wrote it and answers send it. */
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly errors: ValidationResult['errors'];
  /**
   * The result, parsed anew on each call: the few callers that want the object ask once, and a cached
   * validation never holds its text or objects beside the bytes its cache counts.
   */
  result(): ValidationResult;
  /** The served text of the graph read from a canonical text, when that is what was validated. */
  readonly stored?: StoredGraphText;
  /** The version a posted graph becomes (`PostedVersion`), when the validator wrote it. */
  readonly version?: VersionText;
}

const utf8 = new TextDecoder();

/** A validated scenario from its JSON bytes and errors. */
export function validatedFromBytes(bytes: Uint8Array<ArrayBuffer>, errors: ValidationResult['errors'], stored?: StoredGraphText, version?: VersionText): ValidatedScenario {
  return {
    bytes,
    errors,
    result: () => JSON.parse(utf8.decode(bytes)) as ValidationResult,
    ...(stored ? { stored } : {}),
    ...(version ? { version } : {}),
  };
}

/** Validates a whole scenario; provided by the validation package when the server is wired with it. */
export type ScenarioValidator = (input: ScenarioValidationInput) => Promise<ValidatedScenario>;

/** What every service needs. */
export interface ServiceContext {
  db: Database;
  config: ConfigStore;
  now: () => Date;
  validateScenario: ScenarioValidator | undefined;
  /** The state of a scenario (its manager asked, reconciled with its actions). */
  stateOf: StateResolver;
  /**
   * Until when the states computed since `since` stay as fresh as the managers' cached answers they came from, and a
   * version that changes when those answers are dropped early (after an action). Without it, states are
   * never reused.
   */
  stateFreshness?: (since?: number) => { version: number; validUntil: number };
}
