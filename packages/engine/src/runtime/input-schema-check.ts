import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { inspectJsonText, MAX_JSON_DEPTH } from '@scenaria/graph';
import { compileJavaPattern } from '@scenaria/typing/runtime';

/** Where a JSON value breaks its schema. */
export interface JsonSchemaViolation {
  /** JSON pointer of the offending value (`/items/0/amount`); empty for the root. */
  path: string;
  message: string;
}

/** A compiled `inputSchema`: checks one request body (no parsing or compiling per call). */
export type InputSchemaCheck = (value: unknown) => JsonSchemaViolation[];

/** The outcome of compiling an `inputSchema`: the check, or why the schema cannot be used. */
export type InputSchemaCompileResult = { ok: true; check: InputSchemaCheck } | { ok: false; message: string };

/**
 * Longest `inputSchema` text compiled. The scenario author writes the schema and ajv generates code whose size
 * follows the schema's, so compile time is bounded through the text's size and nesting.
 */
export const MAX_INPUT_SCHEMA_LENGTH = 256 * 1024;

/** Violations reported per request at most: a large array breaking a schema everywhere must not make a huge body. */
export const MAX_VIOLATIONS = 50;

// ajv-formats is CommonJS with a default export; ESM sees it either as the function or as a namespace holding it.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as typeof addFormatsModule;

/*
 * `pattern` and `patternProperties` come from the scenario author and run on every request: a backtracking engine
 * (JavaScript's RegExp) can take exponential time on patterns such as `^(a+)+$`. They run on the same linear-time
 * engine (re2js) and under the same refusals and length limit as SpEL's `matches`. JSON Schema patterns are
 * ECMA-262 regexes; RE2 reads the constructs schemas use (classes, `\d \w \s`, anchors, quantifiers) the same way
 * and refuses those it cannot run in linear time (back-references, lookaround). A pattern matches anywhere in the
 * text unless anchored, as JSON Schema says.
 */
const linearRegExp = Object.assign(
  (pattern: string) => {
    const compiled = compileJavaPattern(pattern);
    // ajv keys its compiled patterns by `toString()`: each pattern needs its own key.
    return { test: (text: string) => compiled.test(text), toString: () => `/${pattern}/` };
  },
  // Only standalone code generation reads this; we never generate standalone code.
  { code: 'linearRegExp' },
);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function toViolation(error: ErrorObject): JsonSchemaViolation {
  const where = error.instancePath === '' ? 'the body' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params['missingProperty'] === 'string') {
    return { path: `${error.instancePath}/${params['missingProperty']}`, message: `missing required property ${params['missingProperty']}` };
  }
  if (error.keyword === 'additionalProperties' && typeof params['additionalProperty'] === 'string') {
    return { path: `${error.instancePath}/${params['additionalProperty']}`, message: `unexpected property ${params['additionalProperty']}` };
  }
  if (error.keyword === 'enum' && Array.isArray(params['allowedValues'])) {
    return { path: error.instancePath, message: `${where} must be one of ${JSON.stringify(params['allowedValues'])}` };
  }
  return { path: error.instancePath, message: `${where} ${error.message ?? `breaks ${error.keyword}`}` };
}

/**
 * Compiles a scenario's `inputSchema` (JSON Schema draft 2020-12 with formats, checked by ajv) once, when the
 * scenario is deployed. An empty text accepts every body. A schema that is not JSON, too large or too deep, not a
 * valid schema, refers to another document (`$ref` to a URL: nothing is fetched) or holds a refused pattern is
 * refused with a message.
 */
export function compileInputSchema(text: string | undefined): InputSchemaCompileResult {
  if (text === undefined || text.trim() === '') return { ok: true, check: () => [] };
  if (text.length > MAX_INPUT_SCHEMA_LENGTH) return { ok: false, message: `The inputSchema is longer than ${MAX_INPUT_SCHEMA_LENGTH} characters` };
  if (inspectJsonText(text).tooDeep) return { ok: false, message: `The inputSchema nests deeper than ${MAX_JSON_DEPTH} levels` };
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The inputSchema is not JSON' };
  }
  if (!isObject(schema) && typeof schema !== 'boolean') return { ok: false, message: 'The inputSchema must be a JSON object or a boolean' };
  // One instance per schema: schemas of different scenarios may use the same `$id`, and a shared instance would
  // keep every schema ever deployed.
  const ajv = new Ajv2020({
    allErrors: true,
    // Schemas written for the original (a lenient validator) may carry keywords ajv does not know.
    strict: false,
    logger: false,
    code: { regExp: linearRegExp },
  });
  addFormats(ajv);
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(schema as Record<string, unknown>);
  } catch (error) {
    return { ok: false, message: `The inputSchema is not a usable JSON Schema: ${error instanceof Error ? error.message : String(error)}` };
  }
  return {
    ok: true,
    check: (value) => {
      if (validate(value)) return [];
      return (validate.errors ?? []).slice(0, MAX_VIOLATIONS).map(toViolation);
    },
  };
}
