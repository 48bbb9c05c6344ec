import type { ScenarioGraph } from '@scenaria/graph';
import type { UpdateScenarioRequest, ValidationResult } from '@scenaria/api-contract';
import type { ErrorBody } from '../errors';
import type { ConfigStore } from '../config/config-store';
import type { Database } from '../db/database';
import type { StateResolver } from './state';
import type { StoredGraphText, VersionText } from './stored-graphs';

/**
 * What a scenario validator is told about the scenario it checks: its graph, or the canonical text of a stored
 * version or one about to be stored, which the validator reads as stored versions are read (`storedGraphObject`).
 */
export type ScenarioValidationInput = ScenarioValidationContext & ({ graph: ScenarioGraph } | StoredScenarioText | PostedVersion | PostedSaveBody);

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

/**
 * A save's body as its JSON text, for the scenario `storeAs`: the validator parses it (`parseSaveBody`) and refuses
 * it as bad input when it is no save request or its labels break the label rules; otherwise its graph is a
 * `PostedVersion`, validated with the body's labels when it gives some, and the answer tells the save what else
 * the body held (`ValidatedScenario.saveRequest`). The server's thread never holds the graph as objects.
 */
export interface PostedSaveBody {
  saveBodyJson: string;
  storeAs: string;
}

/** What a save's body holds besides its graph. */
export type SaveRequestFields = Pick<UpdateScenarioRequest, 'comment' | 'scenarioLabels' | 'forwardedUserName'>;

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
  /** What a save's body held besides its graph (`PostedSaveBody`). */
  readonly saveRequest?: SaveRequestFields;
  /** Why a save's graph has no stored form (`PostedSaveBody`), refused once validation errors have had their say. */
  readonly unstorable?: ErrorBody;
}

/** What a validation answers besides its result. */
export type ValidationExtras = Pick<ValidatedScenario, 'stored' | 'version' | 'saveRequest' | 'unstorable'>;

const utf8 = new TextDecoder();

/** A validated scenario from its JSON bytes and errors. */
export function validatedFromBytes(bytes: Uint8Array<ArrayBuffer>, errors: ValidationResult['errors'], extras: ValidationExtras = {}): ValidatedScenario {
  const { stored, version, saveRequest, unstorable } = extras;
  return {
    bytes,
    errors,
    result: () => JSON.parse(utf8.decode(bytes)) as ValidationResult,
    ...(stored ? { stored } : {}),
    ...(version ? { version } : {}),
    ...(saveRequest ? { saveRequest } : {}),
    ...(unstorable ? { unstorable } : {}),
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
