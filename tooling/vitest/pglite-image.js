import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A new PGlite database runs initdb first: 3-5 s here, most of what a test's fresh database cost, and suites open
 * hundreds of them. A database loaded from an image of a new cluster (PGlite's `loadDataDir`) starts in well under
 * a second and is the same empty cluster initdb makes: nothing of a test's schema or rows is in it, so every
 * migration still runs for real. The image is made once per machine and PGlite version and kept in the system's
 * temporary directory; processes that make it at once each write their own file and rename it into place, so a
 * reader never sees half of one.
 */
let image;
let imageBlob;

/** The path of the image of a new PGlite cluster (a tar file, as `dumpDataDir` writes it), made on first use. */
export async function pgliteClusterImage() {
  // A failed attempt is not kept: test files share this module, and the next one tries again.
  image ??= makeImage().catch((error) => {
    image = undefined;
    throw error;
  });
  return image;
}

/** The image as PGlite's `loadDataDir` takes it, read once per process (PGlite only reads a Blob it is given). */
export async function pgliteClusterImageBlob() {
  if (!imageBlob) {
    imageBlob = pgliteClusterImage().then((path) => new Blob([readFileSync(path)]));
    imageBlob.catch(() => {
      imageBlob = undefined;
    });
  }
  return imageBlob;
}

// The package's own package.json is not among its exports: it is found beside its entry point.
function pgliteVersion() {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) {
    if (dirname(dir) === dir) throw new Error('@electric-sql/pglite: no package.json above its entry point');
    dir = dirname(dir);
  }
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
}

async function makeImage() {
  const version = pgliteVersion();
  const path = join(tmpdir(), 'scenaria-test-images', `pglite-${version}-cluster.tar`);
  if (existsSync(path)) return path;
  const database = await PGlite.create();
  try {
    const dump = await database.dumpDataDir('none');
    mkdirSync(dirname(path), { recursive: true });
    const partial = `${path}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, path);
  } finally {
    await database.close();
  }
  return path;
}
