/** Where a JSON value breaks its schema. */
export interface JsonSchemaViolation {
  /** JSON pointer of the offending value (`/items/0/amount`); empty for the root. */
  path: string;
  message: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      // A type we do not know is not ours to refuse.
      return true;
  }
}

/**
 * Checks a request body against the scenario's `inputSchema`, for the keywords that decide whether the
 * scenario can read it: `type`, `properties`, `required`, `additionalProperties: false`, `items`, `enum`.
 * Other keywords are not checked (the scenario's own expressions see the values as they are).
 */
export function checkJsonSchema(schema: unknown, value: unknown, path = ''): JsonSchemaViolation[] {
  if (!isObject(schema)) return [];
  const violations: JsonSchemaViolation[] = [];
  const where = path === '' ? 'the body' : path;
  const types = typeof schema['type'] === 'string' ? [schema['type']] : Array.isArray(schema['type']) ? schema['type'].filter((t): t is string => typeof t === 'string') : [];
  if (types.length > 0 && !types.some((type) => typeMatches(type, value))) {
    return [{ path, message: `${where} should be ${types.join(' or ')}` }];
  }
  if (Array.isArray(schema['enum']) && !schema['enum'].some((allowed) => JSON.stringify(allowed) === JSON.stringify(value))) {
    violations.push({ path, message: `${where} should be one of ${JSON.stringify(schema['enum'])}` });
  }
  if (isObject(value)) {
    const properties = isObject(schema['properties']) ? schema['properties'] : {};
    for (const name of Array.isArray(schema['required']) ? schema['required'] : []) {
      if (typeof name === 'string' && !(name in value)) violations.push({ path: `${path}/${name}`, message: `missing required property ${name}` });
    }
    for (const [name, entry] of Object.entries(value)) {
      if (Object.hasOwn(properties, name)) violations.push(...checkJsonSchema(properties[name], entry, `${path}/${name}`));
      else if (schema['additionalProperties'] === false) violations.push({ path: `${path}/${name}`, message: `unexpected property ${name}` });
      else if (isObject(schema['additionalProperties'])) violations.push(...checkJsonSchema(schema['additionalProperties'], entry, `${path}/${name}`));
    }
  }
  if (Array.isArray(value) && isObject(schema['items'])) {
    value.forEach((item, index) => violations.push(...checkJsonSchema(schema['items'], item, `${path}/${index}`)));
  }
  return violations;
}
