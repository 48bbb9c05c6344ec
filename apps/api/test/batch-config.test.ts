import { describe, expect, test } from 'vitest';
import { ProcessingTypeConfigSchema } from '../src/config/config-schema';

describe('batch processing type configuration', () => {
  const type = (databases: unknown) => ({ kind: 'batch', category: 'Batch', model: { databases }, deploymentManager: { type: 'embedded' } });
  test("the designer's own database needs its schemas named; a server by URL reads public by default", () => {
    const own = ProcessingTypeConfigSchema.safeParse(type({ designer: {} }));
    expect(own.success).toBe(false);
    expect(own.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['model.databases.designer.schemas']);
    const named = ProcessingTypeConfigSchema.parse(type({ designer: { schemas: ['batch_data'] }, warehouse: { url: 'postgres://127.0.0.1/warehouse' } }));
    expect(named.model.databases).toEqual({
      designer: { dialect: 'postgresql', schemas: ['batch_data'] },
      warehouse: { dialect: 'postgresql', url: 'postgres://127.0.0.1/warehouse', schemas: ['public'] },
    });
    expect(ProcessingTypeConfigSchema.safeParse(type({ w: { url: 'http://example.com' } })).success).toBe(false);
  });
});
