import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const designerDir = resolve(import.meta.dirname, '..');
const repositoryDir = resolve(designerDir, '../..');

/**
 * Builds the designer as it was at `commit` into a temporary folder and returns its build/ folder, so the
 * bench measures the baseline and the current designer in one run, on the same machine under the same load.
 * The old sources are taken from git; the libraries and node_modules are the current ones (symlinked).
 */
export function buildBaseline(commit: string): { buildDir: string; remove(): void } {
  const root = join(tmpdir(), `scenaria-designer-baseline-${commit.slice(0, 12)}-${process.pid}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const archive = execFileSync('git', ['archive', '--format=tar', commit, 'apps/designer'], { cwd: repositoryDir, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  const oldDesigner = join(root, 'apps/designer');
  symlinkSync(join(designerDir, 'node_modules'), join(oldDesigner, 'node_modules'), 'dir');
  execFileSync(join(designerDir, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], { cwd: oldDesigner, stdio: 'inherit' });
  const buildDir = join(oldDesigner, 'build');
  if (!existsSync(join(buildDir, 'index.html'))) throw new Error(`the baseline designer (${commit}) did not build`);
  return { buildDir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
