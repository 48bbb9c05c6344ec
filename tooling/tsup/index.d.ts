import type { Options } from 'tsup';

export interface ScenariaLibraryOptions {
  entry?: Record<string, string> | string[];
  platform?: 'neutral' | 'node' | 'browser';
  external?: string[];
}

/** The standard ESM + .d.ts library build used by every package's tsup.config.ts. */
export function scenariaLibrary(options?: ScenariaLibraryOptions): Options | Options[];
