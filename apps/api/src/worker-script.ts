import { fileURLToPath } from 'node:url';
import { bundleWorkerSources } from '@scenaria/dm-embedded';

/**
 * Where one of the server's worker scripts is. Built code has `<name>.js` beside it (a tsup entry of its own,
 * in dist/ with every chunk); from the TypeScript sources (vitest, a dev server) `source` is bundled once per
 * process, with `installed` packages imported where they are installed.
 */
export async function workerScript(name: string, source: URL, installed: readonly string[] = []): Promise<URL> {
  if (!import.meta.url.endsWith('.ts')) return new URL(`./${name}.js`, import.meta.url);
  return bundleWorkerSources(`import ${JSON.stringify(fileURLToPath(source))};`, fileURLToPath(new URL('.', source)), name, installed);
}
