/** One field of the "try it" form: a top-level property of the scenario's input schema. */
export interface TryItField {
  name: string;
  /** The property's JSON schema `type` (`string`, `number`, `integer`, `boolean`), or `json` for anything else. */
  type: 'string' | 'number' | 'integer' | 'boolean' | 'json';
  required: boolean;
}

const SIMPLE = new Set(['string', 'number', 'integer', 'boolean']);

/** The form's fields from the `inputSchema` property text; none when it is absent, not JSON or not an object schema. */
export function tryItFields(schemaText: string | null | undefined): TryItField[] {
  if (!schemaText?.trim()) return [];
  let schema: unknown;
  try {
    schema = JSON.parse(schemaText);
  } catch {
    return [];
  }
  if (typeof schema !== 'object' || schema === null) return [];
  const { properties, required } = schema as { properties?: unknown; required?: unknown };
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return [];
  const requiredNames = new Set(Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string') : []);
  return Object.entries(properties as Record<string, unknown>).map(([name, property]) => {
    const type = typeof property === 'object' && property !== null ? (property as { type?: unknown }).type : undefined;
    return { name, type: typeof type === 'string' && SIMPLE.has(type) ? (type as TryItField['type']) : 'json', required: requiredNames.has(name) };
  });
}

/**
 * The request body from the form's values: empty fields are left out (the schema's `required` then speaks for
 * itself in the endpoint's 400), numbers are numbers, JSON fields are parsed.
 */
export function tryItBody(fields: readonly TryItField[], values: Readonly<Record<string, string | boolean>>): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.type === 'boolean') {
      if (value !== undefined) body[field.name] = value === true;
      continue;
    }
    if (value === undefined || value === '' || value === false) continue;
    const text = String(value);
    if (field.type === 'string') body[field.name] = text;
    else if (field.type === 'number' || field.type === 'integer') {
      const number = Number(text);
      if (!Number.isFinite(number)) return { ok: false, message: `${field.name} is not a number` };
      body[field.name] = number;
    } else {
      try {
        body[field.name] = JSON.parse(text);
      } catch {
        return { ok: false, message: `${field.name} is not JSON` };
      }
    }
  }
  return { ok: true, value: body };
}
