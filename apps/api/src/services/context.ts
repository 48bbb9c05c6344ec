import type { ScenarioGraph } from '@scenaria/graph';
import type { ValidationResult } from '@scenaria/api-contract';
import type { ConfigStore } from '../config/config-store';
import type { Database } from '../db/database';
import type { StateResolver } from './state';

/** What a scenario validator is told about the scenario it checks. */
export interface ScenarioValidationInput {
  name: string;
  graph: ScenarioGraph;
  isFragment: boolean;
  processingType: string;
  category: string;
  labels: string[];
  /** Latest graphs of the fragments the scenario may use, by name. */
  fragments: Record<string, ScenarioGraph>;
  skipNodeResults: boolean;
}

/** Validates a whole scenario; provided by the validation package when the server is wired with it. */
export type ScenarioValidator = (input: ScenarioValidationInput) => Promise<ValidationResult> | ValidationResult;

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
