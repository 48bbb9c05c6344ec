/** The path of an image of a new PGlite cluster (a tar file, as `dumpDataDir` writes it), made on first use. */
export function pgliteClusterImage(): Promise<string>;
/** The image as PGlite's `loadDataDir` takes it. */
export function pgliteClusterImageBlob(): Promise<Blob>;
