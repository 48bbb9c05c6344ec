// A save's body is parsed where it is validated (a validation worker); a server without a validator parses it
// itself, with the same rules and answers.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UpdateScenarioRequestSchema } from '@scenaria/api-contract';
import type { ProcessState } from '@scenaria/api-contract';
import type { AuthenticatedUser } from '../src/auth/users';
import { ConfigStore } from '../src/config/config-store';
import { loadConfig } from '../src/config/load-config';
import { isApiError } from '../src/errors';
import { inputIssuesError, MALFORMED_JSON_BODY } from '../src/input-issues';
import { labelsRefusal, labelsToValidate, parseSaveBody, unstorableRefusal } from '../src/services/save-body';
import { ScenarioService } from '../src/services/scenarios';
import { openTestDatabase } from './harness';
import type { TestDatabase } from './harness';
import { streamingGraph } from './graphs';

describe('a save body', () => {
  test('is parsed as the router parses JSON bodies', () => {
    expect(parseSaveBody('{"scenarioGraph":')).toEqual({ refusal: { message: MALFORMED_JSON_BODY } });
    const wrong = { scenarioGraph: { nodes: 'x' }, comment: 3 };
    const issues = UpdateScenarioRequestSchema.safeParse(wrong).error!.issues;
    expect(parseSaveBody(JSON.stringify(wrong))).toEqual({ refusal: inputIssuesError('json', issues) });
    const graph = streamingGraph('parsed');
    const parsed = parseSaveBody(JSON.stringify({ scenarioGraph: graph, comment: null, scenarioLabels: ['b'], unknown: 1 }));
    expect(parsed).toEqual({ request: UpdateScenarioRequestSchema.parse({ scenarioGraph: graph, comment: null, scenarioLabels: ['b'] }) });
  });

  test('labels: checked by the rules, validated each once and sorted, or the stored ones', () => {
    expect(labelsRefusal(['fine'], [])).toBeUndefined();
    expect(labelsRefusal(['not valid!'], [{ validationPattern: '^[a-z]+$', validationMessage: 'lower case only' }])).toEqual({
      message: 'Invalid scenario labels: not valid!: lower case only',
      path: ['scenarioLabels'],
    });
    expect(labelsToValidate(['b', 'a', 'b'], ['stored'])).toEqual(['a', 'b']);
    expect(labelsToValidate(undefined, ['stored'])).toEqual(['stored']);
    expect(unstorableRefusal([])).toBeUndefined();
    expect(unstorableRefusal([{ code: 'LooseNode', message: 'x is loose', path: ['nodes', 2] }])).toEqual({ message: 'Scenario cannot be saved: x is loose', path: ['scenarioGraph', 'nodes', 2] });
  });
});

describe('a server without a validator', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.cleanup();
  });

  test('parses a save body itself, with the same answers', async () => {
    const service = new ScenarioService({
      db: database.handle.db,
      config: new ConfigStore(await loadConfig(undefined)),
      now: () => new Date(),
      validateScenario: undefined,
      stateOf: async () => ({ status: { name: 'NOT_DEPLOYED' } }) as unknown as ProcessState,
    });
    const admin: AuthenticatedUser = { identity: 'admin', username: 'admin', isAdmin: true, isAnonymous: false, categoryPermissions: {}, globalPermissions: [] };
    await service.create(admin, { name: 'unvalidated', isFragment: false, category: 'Default' });
    const refusal = await service.saveJson(admin, 'unvalidated', '{"scenarioGraph":').catch((error: unknown) => error);
    expect(isApiError(refusal) && [refusal.status, refusal.message]).toEqual([400, MALFORMED_JSON_BODY]);
    const saved = JSON.parse(Buffer.from(await service.saveJson(admin, 'unvalidated', JSON.stringify({ scenarioGraph: streamingGraph('plain'), scenarioLabels: ['z', 'a'] }))).toString()) as {
      processVersionId: number;
      validationPerformed: boolean;
    };
    expect(saved).toEqual({ validationPerformed: false, processVersionId: 2, isNewVersion: true });
    const details = await service.details(admin, 'unvalidated', { skipValidate: true });
    expect(details.labels).toEqual(['a', 'z']);
  });
});
