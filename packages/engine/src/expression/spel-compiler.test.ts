import { defaultModel } from '@scenaria/components';
import { classType, Types } from '@scenaria/typing';
import { describe, expect, it } from 'vitest';
import { createSpelCompilerFactory } from './spel-compiler';

const model = defaultModel('streaming');
const AGG = classType('pl.touk.nussknacker.engine.flink.util.transformer.aggregate.AggregateHelper');

describe('createSpelCompilerFactory', () => {
  it("compiles with the model's expression environment: its classes, the helpers and the scenario's globals", () => {
    const compiler = createSpelCompilerFactory({ classes: model.classes }).forScenario({ region: { type: Types.String, value: 'eu' } });
    const typed = compiler.compile({ language: 'spel', expression: '#AGG.sum()' }, { AGG });
    expect(typed.ok).toBe(true);
    const helpers = compiler.compile({ language: 'spel', expression: "#region + #COLLECTION.sum({1, 2})" }, {});
    expect(helpers.ok && helpers.value.evaluate({})).toBe('eu3');
  });

  it('gives the helpers the clock it is handed', () => {
    const compiler = createSpelCompilerFactory({ globals: { clock: () => 42 } }).forScenario({});
    const now = compiler.compile({ language: 'spel', expression: '#DATE.nowTimestamp()' }, {});
    expect(now.ok && now.value.evaluate({})).toBe(42n);
  });

  it('refuses languages other than SpEL', () => {
    expect(createSpelCompilerFactory().forScenario({}).compile({ language: 'sql', expression: 'select 1' }, {})).toMatchObject({ ok: false, errors: [{ code: 'NotSupportedExpressionLanguage' }] });
  });
});
