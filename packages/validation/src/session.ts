import type { ComponentDefinition, Model } from '@scenaria/components';
import type { ScenarioGraph } from '@scenaria/graph';
import type { ExpressionTyper } from './expression-typer';
import { fragmentComponent, type FragmentOutputs } from './fragments';

/** Internal state shared by a scenario validation and the fragments it validates. */
export interface Session {
  readonly model: Model;
  readonly typer: ExpressionTyper;
  readonly fragments: Readonly<Record<string, ScenarioGraph>>;
  /** Fragment name -> its component (null while being computed: a use then is a cycle). */
  readonly fragmentComponents: Map<string, ComponentDefinition | null>;
  /** Fragments found to use themselves, directly or through others. */
  readonly cyclicFragments: Set<string>;
  /** Validates a fragment graph in this session and gives the types of its outputs. */
  readonly validateFragmentGraph: (name: string, graph: ScenarioGraph) => FragmentOutputs;
}

/**
 * The component of a fragment, validating the fragment the first time it is asked for. `undefined` when the
 * fragment is not known, `null` while it is being validated (so a use of it now closes a cycle).
 */
export function lookupFragment(name: string, session: Session): ComponentDefinition | null | undefined {
  if (session.fragmentComponents.has(name)) return session.fragmentComponents.get(name);
  const graph = session.fragments[name];
  if (graph === undefined) return undefined;
  session.fragmentComponents.set(name, null);
  const outputs = session.validateFragmentGraph(name, graph);
  const component = fragmentComponent(name, graph, outputs);
  session.fragmentComponents.set(name, component);
  return component;
}
