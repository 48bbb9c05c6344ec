// A worker in a process of its own, for tests that kill it with SIGKILL. Run (bundled) as
// `node worker-process.mjs '<settings JSON>' <worker id>`; it reports over IPC.
import { startWorker } from '../../src/index';
import { testModels } from '../support';

const [settingsJson, workerId] = process.argv.slice(2) as [string, string];
const worker = await startWorker({ settings: JSON.parse(settingsJson), models: testModels(), workerId });
const timer = setInterval(() => process.send?.({ type: 'partitions', partitions: worker.heldPartitions() }), 100);
process.on('message', (message: { type: string }) => {
  if (message.type !== 'stop') return;
  clearInterval(timer);
  void worker.stop().then(() => process.send?.({ type: 'stopped' }, () => process.exit(0)));
});
process.send?.({ type: 'ready' });
