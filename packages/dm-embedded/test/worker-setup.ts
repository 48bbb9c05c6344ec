import type { WorkerEnvironment } from '../src/index';
import { testModels } from './models';

/** What the tests' scenario workers compile with: the same models the tests' managers validate with. */
export function createWorkerEnvironment(): WorkerEnvironment {
  return { models: testModels() };
}
