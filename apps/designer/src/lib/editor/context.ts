import { getContext, setContext } from 'svelte';
import type { ScenarioEditing } from './editing-store.svelte';
import type { ScenarioSession } from './scenario-session.svelte';

const key = Symbol('scenario-session');

/** Makes the open scenario available to the canvas nodes and panels below the editor page. */
export function provideScenario(session: ScenarioSession): void {
  setContext(key, session);
}

/** The open scenario's server session: details, definitions, validation, save, deploy, tests. */
export function useScenarioSession(): ScenarioSession {
  const session = getContext<ScenarioSession | undefined>(key);
  if (!session) throw new Error('useScenarioSession() called outside the scenario editor');
  return session;
}

/** The graph being edited: canvas nodes and edges, selection, undo, clipboard. */
export function useEditing(): ScenarioEditing {
  return useScenarioSession().editing;
}
