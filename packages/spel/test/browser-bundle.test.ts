import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The package must run unchanged in a browser: bundle it for the browser platform with every dependency
// included (as the designer does) and check that nothing reaches for Node built-ins.
describe('browser bundle', () => {
  it('bundles @scenaria/spel for the browser without Node built-ins and reports its size', async () => {
    const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      minify: true,
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    const output = result.outputFiles[0]!;
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.startsWith('node:') || /^(fs|path|os|crypto|buffer)$/.test(input))).toBe(false);
    expect(output.text).not.toMatch(/require\(["']node:/);
    const bytes = output.contents.byteLength;
    const bySource = new Map<string, number>();
    for (const [input, info] of Object.entries(result.metafile.outputs[Object.keys(result.metafile.outputs)[0]!]!.inputs)) {
      const owner = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? (input.includes('typing/src') ? '@scenaria/typing' : '@scenaria/spel');
      bySource.set(owner, (bySource.get(owner) ?? 0) + info.bytesInOutput);
    }
    const breakdown = [...bySource].sort((a, b) => b[1] - a[1]).map(([name, size]) => `${name} ${(size / 1024).toFixed(0)} KiB`).join(', ');
    console.log(`@scenaria/spel browser bundle (minified, all dependencies): ${(bytes / 1024).toFixed(0)} KiB — ${breakdown}`);
    expect(bytes).toBeGreaterThan(50_000);
    // A regression guard, not a target: js-joda's zone database dominates the size.
    expect(bytes).toBeLessThan(2_000_000);
  }, 120_000);
});
