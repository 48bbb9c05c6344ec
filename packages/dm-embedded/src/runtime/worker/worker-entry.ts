import { workerData } from 'node:worker_threads';
import type { ScenarioWorkerData, WorkerSetupModule } from './protocol';
import { runScenarioWorker } from './worker-main';

// The worker script of the built package (dist/worker.js): it imports the setup module the host names, so
// both share the installed @scenaria packages.
const { setup } = workerData as ScenarioWorkerData;
await runScenarioWorker(setup ? ((await import(setup.module)) as WorkerSetupModule) : undefined);
