// The node flags the server is started with, as `pnpm start` starts it (this package's `start` script): the
// benchmarks and the tests that start the built server run it the same way.
import { readFileSync } from 'node:fs';

const packageJson = new URL('../package.json', import.meta.url);

export function serverNodeFlags() {
  const start = JSON.parse(readFileSync(packageJson, 'utf8')).scripts?.start;
  const words = typeof start === 'string' ? start.trim().split(/\s+/) : [];
  if (words[0] !== 'node' || words.at(-1) !== 'dist/main.js') {
    throw new Error(`apps/api's start script is not "node [flags] dist/main.js": ${JSON.stringify(start)}`);
  }
  return words.slice(1, -1);
}
