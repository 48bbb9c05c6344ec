import type { UserWorkspaceConfig } from 'vitest/config';

export interface ScenariaProjectOptions {
  name?: string;
  testTimeout?: number;
  environment?: string;
  include?: string[];
  setupFiles?: string[];
  /** The suite mostly waits on databases, servers, processes or timers: two files run at once even on two cores. */
  waits?: boolean;
  /** Each test file loads its modules afresh (vitest's default); the preset shares them between files. */
  isolate?: boolean;
}

/** The shared vitest project preset used by every package's vitest.config.ts. */
export function scenariaProject(options?: ScenariaProjectOptions): UserWorkspaceConfig;
