import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { launchBrowser, startServer } from '../e2e/harness';
import { openFilterExpression } from './visible-node';

// Not part of `pnpm bench`: a CPU profile (Chromium's sampling profiler over CDP) of typing into a filter
// expression of a generated 1,000-node scenario, summed by function, to see where a keystroke's time goes.
// Run: BENCH_FILE=bench/keystroke.profile.ts pnpm exec vitest run -c vitest.bench.config.ts
it('profiles keystrokes at 1,000 nodes', { timeout: 600_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  const { page } = browser;
  try {
    const size = Number(process.env.PROFILE_SIZE ?? 1000);
    await openFilterExpression(page, server.url, `profile ${size}`, size);
    await page.waitForTimeout(2000);
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const events: { name: string; ph: string; dur?: number; tid: number; cat: string }[] = [];
    cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as typeof events)));
    const traced = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,__metadata', transferMode: 'ReportEvents' });
    for (let key = 0; key < 20; key += 1) {
      await page.keyboard.press(key % 2 === 0 ? '1' : 'Backspace');
      await page.waitForTimeout(60);
    }
    await page.waitForTimeout(1500);
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.send('Tracing.end');
    await traced;
    const byName = new Map<string, { ms: number; count: number }>();
    for (const event of events) {
      if (event.ph !== 'X' || event.dur === undefined) continue;
      const entry = byName.get(event.name) ?? { ms: 0, count: 0 };
      entry.ms += event.dur / 1000;
      entry.count += 1;
      byName.set(event.name, entry);
    }
    console.log([...byName.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25).map(([n, e]) => `${e.ms.toFixed(1).padStart(8)} ms ${String(e.count).padStart(6)}x  ${n}`).join('\n'));
    writeFileSync('/tmp/keystroke.cpuprofile', JSON.stringify(profile));
    writeFileSync('/tmp/keystroke.trace.json', JSON.stringify(events));
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const self = new Map<string, number>();
    const deltas = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, index) => {
      const node = byId.get(id);
      if (!node) return;
      const frame = node.callFrame;
      const key = `${frame.functionName || '(anon)'} ${frame.url.split('/').pop()}:${frame.lineNumber}:${frame.columnNumber}`;
      self.set(key, (self.get(key) ?? 0) + (deltas[index] ?? 0) / 1000);
    });
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
    console.log(top.map(([key, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${key}`).join('\n'));
  } finally {
    await browser.close();
    await server.close();
  }
});
