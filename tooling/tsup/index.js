import { defineConfig } from 'tsup';

/**
 * The standard library build: ESM plus .d.ts from src/index.ts (and any extra entries), dependencies left
 * external so one copy of zod, chevrotain and friends is shared by the whole application.
 * @param {{ entry?: Record<string, string> | string[], platform?: 'neutral' | 'node' | 'browser', external?: string[] }} [options]
 */
export function scenariaLibrary(options = {}) {
  return defineConfig({
    entry: options.entry ?? { index: 'src/index.ts' },
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    platform: options.platform ?? 'neutral',
    external: options.external ?? [],
    treeshake: true,
  });
}
