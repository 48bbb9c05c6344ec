import type { ComponentDefinition } from '@scenaria/components';
import type { TypingResult } from '@scenaria/typing';
import type { ComponentRuntimeRegistry, RuntimeServices } from '../components/component-runtime';
import type { ExpressionCompiler } from '../expression/expression-compiler';
import type { ExecutionListener } from '../runtime/listener';
import type { KeyedStateStore } from '../state/keyed-state';

/** What every part of the compiler reads: the model and the expression compiler (which knows the globals). */
export interface CompileEnvironment {
  scenarioName: string;
  scenarioProperties: Readonly<Record<string, string>>;
  components: ReadonlyMap<string, ComponentDefinition>;
  runtimes: ComponentRuntimeRegistry;
  compiler: ExpressionCompiler;
  /** Values of parameters' additional variables (`#AGG`) the engine supplies. */
  additionalVariableValues: Readonly<Record<string, unknown>>;
  typeForClassName(className: string): TypingResult;
  services: RuntimeServices;
  listener: ExecutionListener | undefined;
  /** Where stateful nodes keep their keyed state. */
  state: KeyedStateStore;
  /** The scenario's watermark now. */
  watermark(): number;
  /** A node set a timer (the run fires it at once when the watermark is already past it). */
  timerSet(time: number): void;
}
