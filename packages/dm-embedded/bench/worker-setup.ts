// What the benchmark's scenario workers compile with: the test models (a typed `transactions` topic).
export { createWorkerEnvironment } from '../test/worker-setup';
