import { it } from 'vitest';
import { launchBrowser, startServer } from '../e2e/harness';
import { pauseBeforeKey } from './key-pause';
import { openFilterExpression } from './visible-node';

// Not part of `pnpm bench`: where one keystroke's time goes, as the bench measures it (key event to the frame
// after the type line changed), split at the moments the page sees: the check posted to the typing worker,
// its answer arriving, the type line changing, the next frame. Timed in the page with the workers wrapped.
// Run: BENCH_FILE=bench/keystroke.breakdown.ts pnpm exec vitest run -c vitest.bench.config.ts
it('splits keystrokes at 1,000 nodes into their steps', { timeout: 600_000 }, async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  const { page } = browser;
  await browser.context.addInitScript(() => {
    const marks: Record<string, number> = {};
    (window as unknown as { keyMarks: typeof marks }).keyMarks = marks;
    const Original = window.Worker;
    window.Worker = class extends Original {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener('message', (event: MessageEvent) => {
          if ((event.data as { kind?: string }).kind === 'check' && marks.answered === undefined) marks.answered = performance.now();
        });
      }
      override postMessage(message: unknown, ...rest: never[]) {
        if ((message as { kind?: string }).kind === 'check' && marks.posted === undefined) marks.posted = performance.now();
        super.postMessage(message, ...rest);
      }
    };
  });
  try {
    const size = Number(process.env.PROFILE_SIZE ?? 1000);
    await openFilterExpression(page, server.url, `breakdown ${size}`, size);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('1');
    await page.waitForTimeout(2500);
    const rows: number[][] = [];
    const cdp = await browser.context.newCDPSession(page);
    type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { data?: { type?: string }; name?: string } };
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as TraceEvent[])));
    const traced = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,__metadata', transferMode: 'ReportEvents' });
    for (let key = 0; key < 25; key += 1) {
      const waiting = page.evaluate(
        () =>
          new Promise<number[]>((done) => {
            const marks = (window as unknown as { keyMarks: Record<string, number> }).keyMarks;
            const line = document.querySelector('[data-testid="expression-$expression-type"]');
            if (!line) throw new Error('no type line');
            let started = 0;
            let inputDone: number | undefined;
            document.addEventListener(
              'keydown',
              () => {
                started = performance.now();
                for (const name of Object.keys(marks)) delete marks[name];
                // the key's own handling (CodeMirror, the stores) ends before the microtasks queued here run
                setTimeout(() => (inputDone = performance.now()), 0);
              },
              { capture: true, once: true },
            );
            const observer = new MutationObserver(() => {
              observer.disconnect();
              const changed = performance.now();
              requestAnimationFrame(() => {
                const frame = performance.now();
                const at = (value: number | undefined) => (value === undefined ? Number.NaN : value - started);
                done([at(inputDone), at(marks.posted), at(marks.answered), at(changed), at(frame)]);
              });
            });
            observer.observe(line, { subtree: true, childList: true, characterData: true });
            setTimeout(() => done([]), 5000);
          }),
      );
      await page.waitForTimeout(pauseBeforeKey(key));
      await page.keyboard.press(key % 2 === 0 ? '1' : 'Backspace');
      rows.push(await waiting);
    }
    await cdp.send('Tracing.end');
    await traced;
    const threadName = new Map<number, string>();
    for (const event of events) if (event.name === 'thread_name') threadName.set(event.tid, event.args?.name ?? '?');
    const keydowns = events.filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown').sort((a, b) => a.ts - b.ts);
    const interesting = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'EventDispatch', 'FunctionCall', 'FireAnimationFrame', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Commit', 'TimerFire', 'RunMicrotasks', 'v8.run', 'ParseHTML', 'HitTest', 'BeginMainThreadFrame', 'UpdateLayer', 'Layerize']);
    for (const keydown of keydowns.slice(4, 14)) {
      const from = keydown.ts - 2000;
      const to = keydown.ts + 90_000;
      const lines = events
        .filter((event) => event.ph === 'X' && event.ts >= from && event.ts <= to && interesting.has(event.name) && (event.dur ?? 0) >= 300)
        .sort((a, b) => a.ts - b.ts)
        .map((event) => `${((event.ts - keydown.ts) / 1000).toFixed(1).padStart(7)} +${((event.dur ?? 0) / 1000).toFixed(1).padStart(5)} ${(threadName.get(event.tid) ?? String(event.tid)).padEnd(22)} ${event.name} ${event.args?.data?.type ?? ''}`);
      console.log(`--- key at ${keydown.ts}\n${lines.join('\n')}`);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    console.log('ms after keydown: key task done, check posted, answer arrived, type line changed, next frame');
    for (const row of rows) console.log(row.map((value) => value.toFixed(1).padStart(7)).join(''));
    console.log(`median:${[0, 1, 2, 3, 4].map((index) => median(rows.map((row) => row[index] ?? Number.NaN)).toFixed(1).padStart(7)).join('')}`);
  } finally {
    await browser.close();
    await server.close();
  }
});
