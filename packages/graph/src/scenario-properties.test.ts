import { describe, expect, it } from 'vitest';
import { ProcessPropertiesSchema } from './schemas/properties';
import { newScenarioProperties, kindOfMetaDataType, scenarioSlug } from './scenario-properties';

describe('newScenarioProperties', () => {
  it("gives each kind its metadata type and its type's keys, a streaming scenario parallelism 1", () => {
    expect(newScenarioProperties('streaming')).toEqual({
      additionalFields: {
        description: null,
        properties: { parallelism: '1', spillStateToDisk: 'true', useAsyncInterpretation: '', checkpointIntervalInSeconds: '' },
        metaDataType: 'StreamMetaData',
        showDescription: false,
      },
    });
    expect(newScenarioProperties('request-response').additionalFields).toMatchObject({ metaDataType: 'RequestResponseMetaData', properties: { slug: '' } });
    expect(newScenarioProperties('fragment').additionalFields).toMatchObject({ metaDataType: 'FragmentSpecificData', properties: { docsUrl: '', componentGroup: '', icon: '' } });
    for (const kind of ['streaming', 'request-response', 'fragment'] as const) expect(ProcessPropertiesSchema.safeParse(newScenarioProperties(kind)).success).toBe(true);
  });

  it('adds configured properties at their defaults to scenarios, not to fragments', () => {
    const configured = { environment: { defaultValue: 'test' }, owner: {}, parallelism: { defaultValue: null } };
    expect(newScenarioProperties('streaming', configured).additionalFields.properties).toMatchObject({ environment: 'test', owner: '', parallelism: '' });
    expect(newScenarioProperties('request-response', configured).additionalFields.properties).toEqual({ slug: '', environment: 'test', owner: '', parallelism: '' });
    expect(newScenarioProperties('fragment', configured).additionalFields.properties).toEqual({ docsUrl: '', componentGroup: '', icon: '' });
  });

  it('returns a fresh object each time', () => {
    const first = newScenarioProperties('streaming');
    first.additionalFields.properties!.parallelism = '8';
    expect(newScenarioProperties('streaming').additionalFields.properties?.parallelism).toBe('1');
  });
});

describe('kindOfMetaDataType', () => {
  it('maps every metadata type to its kind and refuses what it does not know', () => {
    for (const kind of ['streaming', 'request-response', 'fragment'] as const) {
      expect(kindOfMetaDataType(newScenarioProperties(kind).additionalFields.metaDataType)).toBe(kind);
    }
    expect(kindOfMetaDataType('LiteStreamMetaData')).toBe('streaming');
    expect(kindOfMetaDataType('BatchMetaData')).toBeUndefined();
    expect(kindOfMetaDataType('__proto__')).toBeUndefined();
    expect(kindOfMetaDataType('toString')).toBeUndefined();
  });
});

describe('scenarioSlug', () => {
  const scenario = (id: string, slug?: string) => ({ metaData: { id, additionalFields: { ...newScenarioProperties('request-response').additionalFields, properties: { slug: slug ?? '' } } } });

  it('takes the slug property, trimmed, when it is set', () => {
    expect(scenarioSlug(scenario('Loan offers', '  offers '))).toBe('offers');
  });

  it('makes the name URL-safe when the slug is blank, one dash per run of other characters', () => {
    expect(scenarioSlug(scenario('Loan offers / EU'))).toBe('Loan-offers-EU');
    expect(scenarioSlug(scenario('a.b_c~d-e'))).toBe('a.b_c~d-e');
  });
});
