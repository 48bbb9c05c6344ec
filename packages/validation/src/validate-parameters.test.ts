import { defaultModel } from '@scenaria/components';
import { compileExpression, typeExpression } from '@scenaria/spel';
import { recordType, Types } from '@scenaria/typing';
import { describe, expect, it } from 'vitest';
import { expressionEnvironment } from './expression-environment';
import { validateParameterExpressions } from './validate-parameters';

const streaming = defaultModel('streaming');
const spel = (expression: string) => ({ language: 'spel', expression });
const variables = { input: recordType({ amount: Types.Long }) };

describe('validateParameterExpressions', () => {
  it('accepts expressions of the required type, with the given variables and the globals in scope', () => {
    expect(validateParameterExpressions([{ name: 'flag', typ: Types.Boolean, expression: spel('#input.amount > 3 && #COLLECTION.sum({1, 2}) > 0') }], variables, streaming)).toEqual([]);
  });

  it('reports each problem under the parameter name with the catalogue errors', () => {
    const errors = validateParameterExpressions(
      [
        { name: 'flag', typ: Types.Boolean, expression: spel("'text'") },
        { name: 'ok', typ: Types.Long, expression: spel('#input.amount') },
        { name: 'sql', typ: Types.String, expression: { language: 'sql', expression: 'select 1' } },
      ],
      variables,
      streaming,
    );
    expect(errors.map((e) => [e.typ, e.fieldName, e.errorType])).toEqual([
      ['ExpressionParserCompilationError', 'flag', 'SaveAllowed'],
      ['NotSupportedExpressionLanguage', 'sql', 'SaveAllowed'],
    ]);
    expect(errors[0]?.description).toBe('The expression does not parse or does not type-check.');
  });

  it('types #meta with the model\'s scenario properties, as node results leave it out of the variables a client sends', () => {
    const property = Object.keys(streaming.scenarioProperties)[0]!;
    expect(validateParameterExpressions([{ name: 'p', typ: Types.String, expression: spel(`#meta.processName + #meta.properties.${property}`) }], variables, streaming)).toEqual([]);
    const unknown = validateParameterExpressions([{ name: 'p', typ: Types.String, expression: spel('#meta.properties.noSuchProperty') }], variables, streaming);
    expect(unknown.map((e) => e.typ)).toEqual(['ExpressionParserCompilationError']);
  });

  it('types spelTemplate expressions as text', () => {
    expect(validateParameterExpressions([{ name: 't', typ: Types.String, expression: { language: 'spelTemplate', expression: 'amount #{#input.amount}' } }], variables, streaming)).toEqual([]);
  });
});

describe('expressionEnvironment', () => {
  it('is built once per model object', () => {
    expect(expressionEnvironment(streaming)).toBe(expressionEnvironment(streaming));
    expect(expressionEnvironment(defaultModel('streaming'))).not.toBe(expressionEnvironment(streaming));
  });

  it("whitelists the model's classes and types the helpers and the model's globals", () => {
    const model = { ...streaming, globalVariables: { region: Types.String } };
    const environment = expressionEnvironment(model);
    for (const spec of model.classes) expect(environment.registry.getClass(spec.name)).toBeDefined();
    expect(environment.variableTypes.region).toEqual(Types.String);
    expect(Object.keys(environment.variableTypes)).toContain('COLLECTION');
    expect(environment.globals.registry).toBe(environment.registry);
    const typed = typeExpression('#COLLECTION.sum({1, 2})', { registry: environment.registry, globals: environment.globals });
    expect(typed.errors).toEqual([]);
  });

  it('builds helpers of their own from options, evaluated with the given clock', () => {
    const environment = expressionEnvironment(streaming, { clock: () => 0 });
    expect(environment).not.toBe(expressionEnvironment(streaming));
    const compiled = compileExpression('#DATE.nowTimestamp()', { globals: environment.globals });
    expect(compiled.ok && compiled.evaluate()).toBe(0n);
  });
});
