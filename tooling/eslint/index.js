import tseslint from 'typescript-eslint';

const ignores = { ignores: ['dist/**', 'build/**', '.svelte-kit/**', 'node_modules/**', '**/*.generated.ts'] };

/** The rules every TypeScript package follows. */
export const baseConfig = tseslint.config(ignores, ...tseslint.configs.recommended, {
  rules: {
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    '@typescript-eslint/consistent-type-imports': 'error',
    'no-console': 'off',
  },
});

/**
 * For packages that must run unchanged in the browser and in Node (graph, typing, spel, validation,
 * components): no Node built-ins, no process, no DOM. Time, randomness and I/O are passed in instead.
 */
export const isomorphicConfig = tseslint.config(...baseConfig, {
  files: ['src/**/*.ts'],
  ignores: ['src/**/*.test.ts', 'src/**/*.bench.ts'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process'], message: 'isomorphic packages import no Node built-ins' }] }],
    'no-restricted-globals': ['error', 'process', 'window', 'document', 'require', 'Buffer', '__dirname'],
  },
});
