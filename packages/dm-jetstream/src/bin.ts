#!/usr/bin/env node
import { runWorkerCli } from './worker-cli';
import type { ScenarioWorker } from './worker';

// Signals are caught from the first moment: a stop hands the partitions over at once (the batch in progress
// is committed) instead of after a lease period, even when it comes while the worker is still starting.
const running: { worker?: ScenarioWorker } = {};
// A stop while the worker waits for NATS ends the waiting.
const starting = new AbortController();
let isStopRequested = false;
const stop = () => {
  isStopRequested = true;
  if (running.worker) void running.worker.stop().then(() => process.exit(0));
  else starting.abort();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

const started = await runWorkerCli(process.argv.slice(2), process.env, process.cwd(), { signal: starting.signal });
if (!started.ok) {
  (started.code === 0 ? process.stdout : process.stderr).write(`${started.message}\n`);
  process.exit(started.code);
}
running.worker = started.worker;
console.log(`scenaria-worker ${started.worker.workerId} started`);
if (isStopRequested) stop();
