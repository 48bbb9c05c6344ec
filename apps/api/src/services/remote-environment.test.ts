import { describe, expect, test } from 'vitest';
import type { MigrateScenarioRequest, ScenarioGraph } from '@scenaria/api-contract';
import { MigrateScenarioRequestSchema } from '@scenaria/api-contract';
import { isApiError } from '../errors';
import { adaptDown } from './remote-environment';

const request: Extract<MigrateScenarioRequest, { version: 2 }> = {
  version: 2,
  sourceEnvironmentId: 'staging',
  sourceScenarioVersionId: 3,
  remoteUserName: 'Remote[alice]',
  processingMode: 'Unbounded-Stream',
  engineSetupName: 'Embedded',
  processCategory: 'Default',
  scenarioLabels: ['finance'],
  scenarioGraph: { properties: { additionalFields: { metaDataType: 'StreamMetaData', properties: {} } }, nodes: [], edges: [] } as unknown as ScenarioGraph,
  processName: 'fraud',
  isFragment: false,
};

describe('adaptDown', () => {
  test('a remote reading version 2 (or newer) gets the request as it is', () => {
    expect(adaptDown(request, 2, 'production')).toBe(request);
    expect(adaptDown(request, 3, 'production')).toBe(request);
  });

  test('a remote reading only version 1 gets neither labels nor the source version, and a valid version 1 body', () => {
    const v1 = adaptDown(request, 1, 'production');
    expect(v1.version).toBe(1);
    expect(Object.keys(v1)).not.toContain('scenarioLabels');
    expect(Object.keys(v1)).not.toContain('sourceScenarioVersionId');
    expect(MigrateScenarioRequestSchema.safeParse(v1).success).toBe(true);
  });

  test('a remote reading no version this server can send is a 502 naming it', () => {
    let thrown: unknown;
    try {
      adaptDown(request, 0, 'production');
    } catch (error) {
      thrown = error;
    }
    expect(isApiError(thrown) && [thrown.status, thrown.message]).toEqual([
      502,
      'Remote environment production reads migration requests of version 0, older than any this server can send',
    ]);
  });
});
