import type { ScenarioGraph } from '@scenaria/graph';

/** One undo step: the whole graph plus labels, with a fingerprint so equal states compare cheaply. */
export interface EditorSnapshot {
  graph: ScenarioGraph;
  labels: string[];
  fingerprint: string;
}

export function snapshotOf(graph: ScenarioGraph, labels: readonly string[]): EditorSnapshot {
  return { graph, labels: [...labels], fingerprint: JSON.stringify([graph, labels]) };
}

export const sameSnapshot = (a: EditorSnapshot, b: EditorSnapshot) => a.fingerprint === b.fingerprint;
