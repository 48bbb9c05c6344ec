import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One route of the built designer and the JavaScript it loads, from vite's manifest of the last `vite build`. */
export interface RouteSize {
  route: string;
  /** Gzipped bytes of the JS loaded before the route renders: kit's entries, the root layout, the page, their static imports. */
  initial: number;
  /**
   * Gzipped bytes of the JS the route then imports dynamically (the editor's canvas, code editor, layout, the
   * page's typing code), not counted in `initial`.
   */
  deferred: number;
  /** Gzipped bytes of the Web Worker scripts the route starts (run off the main thread), without what they import on demand. */
  worker: number;
  /** Gzipped bytes the workers import only on demand (the time-zone rules). */
  workerOnDemand: number;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const designerDir = resolve(import.meta.dirname, '..');
const clientDir = join(designerDir, '.svelte-kit/output/client');

/**
 * Measures what each page route loads, as the bench table reports it. A route is kit's start and app entries,
 * node 0 (the root layout) and its page node; `deferred` follows the dynamic imports reachable from the page
 * node's own files (never the app entry's, which would count every other route).
 */
export function measureRouteSizes(): RouteSize[] {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(clientDir, file))).length;
      gzipped.set(file, size);
    }
    return size;
  };
  const staticClosure = (keys: string[], into = new Set<string>()) => {
    const visit = (key: string) => {
      if (into.has(key)) return;
      into.add(key);
      for (const imported of manifest[key]?.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return into;
  };
  const entries = Object.keys(manifest).filter((key) => key.endsWith('client/entry.js') || key.endsWith('client-optimized/app.js'));
  const nodeKey = (index: number) => Object.keys(manifest).find((key) => key.endsWith(`client-optimized/nodes/${index}.js`));
  const layout = nodeKey(0);
  if (!layout || entries.length !== 2) throw new Error('the vite manifest does not look like a SvelteKit client build');
  const workerFiles = readdirSync(join(clientDir, '_app/immutable/workers'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.js'));

  const sizes: RouteSize[] = [];
  for (let index = 2; nodeKey(index); index += 1) {
    const page = nodeKey(index)!;
    const source = readFileSync(join(designerDir, '.svelte-kit/generated/client-optimized/nodes', `${index}.js`), 'utf8');
    const route = /src\/routes(.*)\/\+page\.svelte/.exec(source)?.[1] || '/';
    const initial = staticClosure([...entries, layout, page]);
    const deferred = new Set<string>();
    const pending = [...staticClosure([page])].filter((key) => !staticClosure([...entries, layout]).has(key));
    while (pending.length > 0) {
      const key = pending.pop()!;
      for (const dynamic of manifest[key]?.dynamicImports ?? []) {
        for (const reached of staticClosure([dynamic])) {
          if (initial.has(reached) || deferred.has(reached)) continue;
          deferred.add(reached);
          pending.push(reached);
        }
      }
    }
    const pageFiles = [...staticClosure([page]), ...deferred].map((key) => readFileSync(join(clientDir, manifest[key]!.file), 'utf8'));
    const started = workerFiles.filter((file) => !file.parentPath.endsWith('chunks') && pageFiles.some((text) => text.includes(file.name)));
    // The page's own typing code is built as a worker script is but runs on the page, after the editor opened.
    const onPage = started.filter((file) => file.name.startsWith('page-typing.entry'));
    const workers = started.filter((file) => !onPage.includes(file));
    const worker = workers.reduce((total, file) => total + sizeOf(join('_app/immutable/workers', file.name)) + workerChunks(file.name, false), 0);
    const workerOnDemand = workers.reduce((total, file) => total + workerChunks(file.name, true), 0);
    const deferredOnPage = onPage.reduce((total, file) => total + sizeOf(join('_app/immutable/workers', file.name)) + workerChunks(file.name, false), 0);
    sizes.push({ route, initial: sum(initial), deferred: sum(deferred) + deferredOnPage, worker, workerOnDemand });
  }
  return sizes;

  function sum(keys: Set<string>) {
    return [...keys].reduce((total, key) => total + sizeOf(manifest[key]!.file), 0);
  }

  /** The worker's static chunks, or (`onDemand`) those it only loads with `import(...)`. */
  function workerChunks(workerName: string, onDemand: boolean) {
    const text = readFileSync(join(clientDir, '_app/immutable/workers', workerName), 'utf8');
    const dynamic = new Set([...text.matchAll(/import\(\s*[`'"]\.\/chunks\/([\w-]+\.js)/g)].map(([, name]) => name!));
    const all = new Set([...text.matchAll(/chunks\/([\w-]+\.js)/g)].map(([, name]) => name!));
    return [...all].filter((name) => dynamic.has(name) === onDemand).reduce((total, name) => total + sizeOf(join('_app/immutable/workers/chunks', name)), 0);
  }
}
