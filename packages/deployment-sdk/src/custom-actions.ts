import type { Issue } from '@scenaria/issues';
import { z } from 'zod';

/** One parameter of a custom action; `editor` is a ParameterEditor JSON (semantics.md §7). */
export const CustomActionParameterSchema = z.object({
  name: z.string().min(1),
  editor: z.looseObject({ type: z.string() }),
  /** When true an empty value is refused by `validateCustomActionParams`. */
  required: z.boolean().default(false),
});
/** One parameter of a custom action. */
export type CustomActionParameter = z.infer<typeof CustomActionParameterSchema>;

/** A manager-specific action offered next to deploy and cancel. */
export const CustomActionDefinitionSchema = z.object({
  name: z.string().min(1),
  /** Statuses in which the action is offered (it joins the state's `allowedActions`). */
  allowedStateStatusNames: z.array(z.string()),
  icon: z.string().nullable().default(null),
  parameters: z.array(CustomActionParameterSchema).default([]),
  /** A state-changing action counts as the scenario's `lastStateAction`, like DEPLOY and CANCEL. */
  isStateChanging: z.boolean().default(false),
});
/** A manager-specific action offered next to deploy and cancel. */
export type CustomActionDefinition = z.infer<typeof CustomActionDefinitionSchema>;

/** Codes of problems with the parameters of a custom action. */
export type CustomActionParamIssueCode = 'UnknownCustomActionParameter' | 'MissingCustomActionParameter' | 'EmptyMandatoryParameter';

/** A problem with one parameter of a custom action (the API sends it as a NodeValidationError). */
export interface CustomActionParamIssue extends Issue<CustomActionParamIssueCode> {
  readonly paramName: string;
}

/** Checks given parameter values against an action's definition; an empty array means valid. */
export function validateCustomActionParams(
  definition: CustomActionDefinition,
  params: Readonly<Record<string, string>>,
): CustomActionParamIssue[] {
  const issues: CustomActionParamIssue[] = [];
  const known = new Set(definition.parameters.map((p) => p.name));
  for (const name of Object.keys(params)) {
    if (!known.has(name)) {
      issues.push({ code: 'UnknownCustomActionParameter', paramName: name, message: `Unknown parameter: ${name}` });
    }
  }
  for (const parameter of definition.parameters) {
    const value = params[parameter.name];
    if (value === undefined) {
      if (parameter.required) {
        issues.push({
          code: 'MissingCustomActionParameter',
          paramName: parameter.name,
          message: `Missing parameter: ${parameter.name}`,
        });
      }
    } else if (parameter.required && value.trim() === '') {
      issues.push({
        code: 'EmptyMandatoryParameter',
        paramName: parameter.name,
        message: 'This field is mandatory and can not be empty',
      });
    }
  }
  return issues;
}
