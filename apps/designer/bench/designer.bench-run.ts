import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { it } from 'vitest';
import { apiCall, buildDir, launchBrowser, signIn, startServer } from '../e2e/harness';
import { buildBaseline } from './baseline-build';
import { generatedScenario } from './generated-scenario';
import { pauseBeforeKey } from './key-pause';
import { measureRouteSizes } from './route-sizes';
import { visibleFilterId } from './visible-node';

// Not a test: `pnpm bench` runs this file through vitest (for TypeScript and the API's sources) and writes the
// designer's section of BENCHMARKS.md. Nothing here asserts on time.

/** The designer before issue #15 (typing on the main thread, one bundle, every node drawn at 1,000 nodes). */
const baselineCommit = process.env.BENCH_BASELINE ?? 'a1f92d1';
/** `BENCH_SIZES=100` and `BENCH_BASELINE=none` make a quick trial run. */
const sizes = (process.env.BENCH_SIZES ?? '100,1000,5000').split(',').map(Number);
/** The baseline is measured where the targets are set; at 5,000 nodes it would spend minutes on timeouts. */
const baselineSizes = new Set([100, 1000]);
const rounds = 3;
const keystrokes = 25;
const keyTimeout = 5000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const format = (value: number, digits = 0) => (Number.isNaN(value) ? 'n/a' : value.toFixed(digits));
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Resolves after the next frame was painted (a requestAnimationFrame, then a task after it). */
const afterPaint = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))));

interface Measured {
  nodes: number;
  firstPaint: number;
  detailsOpen: number;
  keys: number[];
}

async function measure(page: Page, url: string, name: string, label: string, nodes: number): Promise<Measured> {
  const painted: number[] = [];
  const opened: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    await page.goto(`${url}/`);
    await page.getByRole('heading', { name: 'Scenarios' }).waitFor();
    await page.goto(`${url}/scenarios/${encodeURIComponent(name)}`);
    await page.locator('[data-testid="canvas-node"][data-node-id="source"]').waitFor({ timeout: 120_000 });
    await afterPaint(page);
    painted.push(await page.evaluate(() => (window as unknown as { sourcePaintedAt: number }).sourcePaintedAt));
    const target = page.locator(`[data-testid="canvas-node"][data-node-id="${await visibleFilterId(page)}"]`);
    // Timed in the page too: from the pointer going down on the node to the frame after its expression field appeared.
    const shown = page.evaluate(
      () =>
        new Promise<number>((done) => {
          let started = Number.NaN;
          document.addEventListener('pointerdown', () => (started = performance.now()), { capture: true, once: true });
          const observer = new MutationObserver(() => {
            if (Number.isNaN(started) || !document.querySelector('[data-testid="node-details"] [data-testid="expression-$expression"]')) return;
            observer.disconnect();
            requestAnimationFrame(() => done(performance.now() - started));
          });
          observer.observe(document, { subtree: true, childList: true });
        }),
    );
    await target.click();
    await page.getByTestId('node-details').getByTestId('expression-$expression').waitFor({ timeout: 120_000 });
    opened.push(await shown);
    // The server (in this process) validates what was opened; the next opening waits for that answer, so
    // it measures opening, not the previous page's validation still running.
    await page.getByTestId('validation-tab').locator('.badge').waitFor({ timeout: 120_000 });
    console.log(`${label}: first paint ${painted.at(-1)} ms, details open ${opened.at(-1)} ms`);
  }

  // Keystroke -> type shown: from the key event to the repainted type line beside the field. The text
  // alternates between `1` and `11` so every key changes the shown type (Integer(1) / Integer(11)).
  const expression = page.getByTestId('node-details').getByTestId('expression-$expression');
  await expression.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('1');
  // Lets the edit's commit and validation settle, so the keys measure typing, not the answer to this edit.
  await page.waitForTimeout(2500);
  const keys: number[] = [];
  for (let key = 0; key < keystrokes; key += 1) {
    const waiting = page.evaluate(
      (timeout) =>
        new Promise<number>((done) => {
          const line = document.querySelector('[data-testid="expression-$expression-type"]');
          if (!line) throw new Error('no type line');
          let started = 0;
          document.addEventListener('keydown', () => (started = performance.now()), { capture: true, once: true });
          const observer = new MutationObserver(() => {
            observer.disconnect();
            requestAnimationFrame(() => done(performance.now() - started));
          });
          observer.observe(line, { subtree: true, childList: true, characterData: true });
          setTimeout(() => {
            observer.disconnect();
            done(Number.NaN);
          }, timeout);
        }),
      keyTimeout,
    );
    await page.waitForTimeout(pauseBeforeKey(key));
    await page.keyboard.press(key % 2 === 0 ? '1' : 'Backspace');
    const elapsed = await waiting;
    if (!Number.isNaN(elapsed)) keys.push(elapsed);
  }
  console.log(`${label}: keys ${keys.map((t) => t.toFixed(1)).join(', ')}`);
  return { nodes, firstPaint: median(painted), detailsOpen: median(opened), keys };
}

async function measureBuild(staticDir: string, label: string, only: (size: number) => boolean): Promise<Measured[]> {
  const server = await startServer({ staticDir });
  const browser = await launchBrowser();
  // First paint is taken in the page: performance.now() (from the navigation's start) at the frame after the
  // source node appeared. Timed from here it would include the moments this process (which also runs the
  // server, busy validating) takes to notice.
  await browser.context.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="canvas-node"][data-node-id="source"]')) return;
      observer.disconnect();
      requestAnimationFrame(() => ((window as unknown as { sourcePaintedAt: number }).sourcePaintedAt = performance.now()));
    });
    observer.observe(document, { subtree: true, childList: true });
  });
  const results: Measured[] = [];
  try {
    await signIn(browser.page, server.url, 'admin');
    for (const size of sizes.filter(only)) {
      const name = `bench ${size}`;
      const graph = generatedScenario(size);
      await apiCall(server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name, isFragment: false, category: 'Default' }) });
      const saved = await apiCall(server.url, `/api/processes/${encodeURIComponent(name)}`, { method: 'PUT', body: JSON.stringify({ scenarioGraph: graph }) });
      if (saved.status !== 200) throw new Error(`could not save ${name}: ${await saved.text()}`);
      results.push(await measure(browser.page, server.url, name, `${label} ${name}`, graph.nodes.length));
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return results;
}

it('measures opening large scenarios and typing expressions', { timeout: 3_600_000 }, async () => {
  const loadBefore = loadavg();
  const started = new Date();
  const routes = measureRouteSizes();
  const baseline = baselineCommit === 'none' ? undefined : buildBaseline(baselineCommit);
  let current: Measured[];
  let old: Measured[] = [];
  try {
    current = await measureBuild(buildDir, 'current', () => true);
    if (baseline) old = await measureBuild(baseline.buildDir, 'baseline', (size) => baselineSizes.has(size));
  } finally {
    baseline?.remove();
  }
  const loadAfter = loadavg();

  const row = (label: string, measured: Measured) => {
    const worst = measured.keys.length > 0 ? Math.max(...measured.keys) : Number.NaN;
    return `| ${measured.nodes} | ${label} | ${format(measured.firstPaint)} | ${format(measured.detailsOpen)} | ${format(median(measured.keys), 1)} | ${format(worst, 1)} | ${measured.keys.length} of ${keystrokes} |`;
  };
  const rows = current.flatMap((measured) => {
    const before = old.find((candidate) => candidate.nodes === measured.nodes);
    return [row('this branch', measured), ...(before ? [row(`baseline (${baselineCommit})`, before)] : [])];
  });
  const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(' / ');
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const section = [
    `Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu} (${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB), Node ${process.version}, headless Debian Chromium; the API runs in the same process (in-memory PGlite). The machine is shared: load average (1 / 5 / 15 min) ${load(loadBefore)} at the start, ${load(loadAfter)} at the end.`,
    `\`pnpm --filter @scenaria/designer bench\`. Generated scenarios saved without positions (a source, a split, branches of filter/variable pairs, one sink per branch), so opening includes the automatic layout (in the typing worker on this branch). The baseline is the designer at ${baselineCommit} built from git in the same run and measured right after this branch on the same server code.`,
    `First paint: from the start of the navigation (from the list page) to the frame after the source node appeared on the canvas, timed in the page (performance.now()), median of ${rounds}. Details open: from the pointer going down on a filter node in view to the frame after its expression field appeared, timed in the page, median of ${rounds}. Keystroke: from the key event to the repainted type beside the filter expression, median and worst of ${keystrokes} keys, pressed at steps through the frame (a pause of 30-46 ms after the last key's repaint, the same steps in every run: a person's keys land anywhere in a frame); a key whose repaint was not seen within ${keyTimeout / 1000} s is left out and the count measured is in the table. Targets at 1,000 nodes: keystroke median <= 16 ms, worst <= 50 ms, every key repainted; details within 300 ms; first paint within 1.5 s.`,
    '',
    '| nodes | designer | first paint (ms) | details open (ms) | keystroke to type shown, median (ms) | worst (ms) | keys repainted |',
    '|---:|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `JavaScript each page route loads, gzipped, from the vite build of this branch (\`bench/route-sizes.ts\` over vite's manifest). Initial: kit's entries, the root layout, the page and their static imports, loaded before the route renders. Deferred: what the page imports dynamically as it opens (the canvas, code editor, layout code, and the typing code that types the field being edited on the page, fetched after the editor opened). Worker: the typing worker's script (off the main thread); the time-zone rules it loads only for an expression naming a zone are listed apart. Target: main-route JavaScript under 500 kB, the list page without the editor's code.`,
    '',
    '| route | initial | deferred | typing worker | worker, on demand (time zones) |',
    '|---|---:|---:|---:|---:|',
    ...routes.map((route) => `| \`${route.route}\` | ${kilobytes(route.initial)} | ${kilobytes(route.deferred)} | ${kilobytes(route.worker)} | ${kilobytes(route.workerOnDemand)} |`),
  ].join('\n');
  const file = resolve(import.meta.dirname, '../../../BENCHMARKS.md');
  const text = readFileSync(file, 'utf8');
  const startMarker = '<!-- designer:start -->';
  const endMarker = '<!-- designer:end -->';
  const from = text.indexOf(startMarker);
  const to = text.indexOf(endMarker);
  if (from < 0 || to < from) throw new Error('BENCHMARKS.md has no designer section markers');
  writeFileSync(file, `${text.slice(0, from + startMarker.length)}\n${section}\n${text.slice(to)}`);
  console.log(section);
});
