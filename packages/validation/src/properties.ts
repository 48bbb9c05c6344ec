import { type Model, propertyFixedValues, type ScenarioPropertyConfig } from '@scenaria/components';
import { type ProcessProperties, validateScenarioName } from '@scenaria/graph';
import { type NodeValidationError, toNodeValidationError, type ValidationIssue, validationIssue } from './errors';

/** Options of {@link validateScenarioProperties}. */
export interface PropertiesValidationOptions {
  readonly isFragment: boolean;
  readonly scenarioName?: string;
}

/**
 * Validates scenario properties against the model's configuration: unknown keys, required values,
 * validators of each property applied to its string value, fixed values, and the scenario name.
 * An empty string means "unset" and passes every check but the mandatory one.
 */
export function validateScenarioProperties(properties: ProcessProperties, model: Model, options: PropertiesValidationOptions): NodeValidationError[] {
  return scenarioPropertyIssues(properties, model, options).map(toNodeValidationError);
}

/** The problems {@link validateScenarioProperties} reports, as issues (whole-scenario validation collects these). */
export function scenarioPropertyIssues(properties: ProcessProperties, model: Model, options: PropertiesValidationOptions): ValidationIssue[] {
  const errors: ValidationIssue[] = [];
  if (options.scenarioName !== undefined) {
    for (const issue of validateScenarioName(options.scenarioName)) {
      errors.push(validationIssue('ScenarioNameValidationError', issue.message, '$id'));
    }
  }
  const config = options.isFragment ? model.fragmentProperties : model.scenarioProperties;
  const values = properties.additionalFields.properties ?? {};
  for (const [name, value] of Object.entries(values)) {
    const propertyConfig = config[name];
    if (propertyConfig === undefined) {
      errors.push(validationIssue('UnknownProperty', `Unknown property ${name}`, name));
      continue;
    }
    errors.push(...validateProperty(name, value, propertyConfig));
  }
  for (const [name, propertyConfig] of Object.entries(config)) {
    if (name in values) continue;
    if (propertyConfig.validators.some((v) => v.type === 'MandatoryParameterValidator')) {
      errors.push(validationIssue('MissingRequiredProperty', `Property ${name} is required`, name));
    }
  }
  return errors;
}

function validateProperty(name: string, value: string, config: ScenarioPropertyConfig): ValidationIssue[] {
  const errors: ValidationIssue[] = [];
  if (value.trim() === '') {
    if (config.validators.some((v) => v.type === 'MandatoryParameterValidator')) {
      errors.push(validationIssue('EmptyMandatoryParameter', 'This field is mandatory and can not be empty', name));
    }
    return errors;
  }
  const fixed = propertyFixedValues(config);
  if (fixed !== undefined && !fixed.includes(value)) {
    errors.push(validationIssue('InvalidPropertyFixedValue', `Property ${name} (${config.label}) has invalid value`, name));
  }
  const number = Number(value);
  for (const validator of config.validators) {
    switch (validator.type) {
      case 'LiteralIntegerValidator':
        if (!/^-?\d+$/.test(value.trim())) errors.push(validationIssue('InvalidIntegerLiteralParameter', 'This field value has to be an integer number', name));
        break;
      case 'MinimalNumberValidator':
        if (!Number.isNaN(number) && number < validator.minimalNumber) {
          errors.push(validationIssue('LowerThanRequiredParameter', `This field value has to be a number greater than or equal to ${validator.minimalNumber}`, name));
        }
        break;
      case 'MaximalNumberValidator':
        if (!Number.isNaN(number) && number > validator.maximalNumber) {
          errors.push(validationIssue('GreaterThanRequiredParameter', `This field value has to be a number lower than or equal to ${validator.maximalNumber}`, name));
        }
        break;
      case 'RegExpParameterValidator':
        if (!new RegExp(`^(?:${validator.pattern})$`).test(value)) {
          errors.push(validationIssue('MismatchParameter', validator.message, name, null, validator.description));
        }
        break;
      case 'NotBlankParameterValidator':
      case 'MandatoryParameterValidator':
      case 'CompileTimeEvaluableValueValidator':
      case 'ValidationExpressionParameterValidator':
        // Property values are plain strings, always known: these checks hold trivially or were done above.
        break;
    }
  }
  const problem = config.check?.(value);
  if (problem !== undefined) errors.push(validationIssue('InvalidPropertyValue', problem, name));
  return errors;
}
