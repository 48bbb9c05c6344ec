import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { it } from 'vitest';
import { apiCall, launchBrowser, signIn, startServer } from '../e2e/harness';
import { generatedScenario } from './generated-scenario';

// Not a test: `pnpm bench` runs this file through vitest (for TypeScript and the API's sources) and writes the
// designer's section of BENCHMARKS.md. Nothing here asserts on time.

const sizes = [100, 1000];
const rounds = 3;
const keystrokes = 25;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

it('measures opening large scenarios and typing expressions', { timeout: 600_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  const { page } = browser;
  const rows: string[] = [];
  try {
    await signIn(page, server.url, 'admin');
    for (const size of sizes) {
      const name = `bench ${size}`;
      const graph = generatedScenario(size);
      await apiCall(server.url, '/api/processes', { method: 'POST', body: JSON.stringify({ name, isFragment: false, category: 'Default' }) });
      const saved = await apiCall(server.url, `/api/processes/${encodeURIComponent(name)}`, { method: 'PUT', body: JSON.stringify({ scenarioGraph: graph }) });
      if (saved.status !== 200) throw new Error(`could not save ${name}: ${await saved.text()}`);

      const rendered: number[] = [];
      const interactive: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        await page.goto(`${server.url}/`);
        await page.getByRole('heading', { name: 'Scenarios' }).waitFor();
        const start = Date.now();
        await page.goto(`${server.url}/scenarios/${encodeURIComponent(name)}`);
        await page.locator('[data-testid="canvas-node"][data-node-id="source"]').waitFor();
        rendered.push(Date.now() - start);
        console.log(`${name}: rendered in ${rendered.at(-1)} ms`);
        // Interactive: the first click on a node opens its details.
        await page.locator('[data-testid="canvas-node"][data-node-id="b0-n0"]').click();
        await page.getByTestId('node-details').waitFor();
        interactive.push(Date.now() - start);
      }

      // Keystroke -> type shown: from the key event to the repainted type line beside the field. The text
      // alternates between `1` and `11` so every key changes the shown type (Integer(1) / Integer(11)).
      const expression = page.getByTestId('node-details').getByTestId('expression-$expression');
      await expression.click();
      await page.keyboard.press('Control+a');
      await page.keyboard.type('1');
      await page.waitForTimeout(200);
      const perKey: number[] = [];
      for (let key = 0; key < keystrokes; key += 1) {
        const waiting = page.evaluate(
          () =>
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
              }, 5000);
            }),
        );
        await page.waitForTimeout(30);
        await page.keyboard.press(key % 2 === 0 ? '1' : 'Backspace');
        const elapsed = await waiting;
        if (!Number.isNaN(elapsed)) perKey.push(elapsed);
      }
      console.log(`${graph.nodes.length} nodes: rendered ${rendered.join(', ')} ms; interactive ${interactive.join(', ')} ms; keys ${perKey.map((t) => t.toFixed(1)).join(', ')}`);
      rows.push(`| ${graph.nodes.length} | ${median(rendered).toFixed(0)} | ${median(interactive).toFixed(0)} | ${median(perKey).toFixed(1)} | ${Math.max(...perKey).toFixed(1)} | ${perKey.length} |`);
    }
  } finally {
    await browser.close();
    await server.close();
  }

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const section = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu} (${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB), Node ${process.version}, headless Debian Chromium; the API runs in the same process (in-memory PGlite).`,
    `Generated scenarios saved without positions (a source, a split, branches of filter/variable pairs, one sink per branch), so opening includes the automatic layout (dagre). Open times are medians of ${rounds} openings, from navigation to the first node painted on the canvas (large graphs render only the nodes in view) and to the first node's details opened by a click. Keystroke times are from the key event to the repainted type beside a filter expression (typed in the browser by @scenaria/spel), median and worst of ${keystrokes} keys (a key whose repaint was not seen within 5 s is left out; the count measured is in the table).`,
    '',
    '| nodes | canvas rendered (ms) | interactive: node details open (ms) | keystroke to type shown, median (ms) | worst (ms) | keys measured |',
    '|---:|---:|---:|---:|---:|---:|',
    ...rows,
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
