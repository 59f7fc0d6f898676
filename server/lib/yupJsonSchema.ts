import type { AnySchema, SchemaDescription, SchemaFieldDescription, SchemaInnerTypeDescription, SchemaObjectDescription } from 'yup';

/** The JSON Schema keywords this converter writes. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  default?: string | number | boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/**
 * A yup schema as JSON Schema, from its own description (`schema.describe()`): the types, which
 * fields are required, nullability, the listed values (`oneOf`), the lengths, bounds and formats
 * yup's built-in tests name. What yup checks in code (custom tests, transforms, `when`) cannot be
 * written as JSON Schema and is left out: the schema says what a request looks like, yup decides.
 */
export function jsonSchemaOf(schema: AnySchema): JsonSchema {
  return fromDescription(schema.describe());
}

type Description = SchemaFieldDescription;
type Test = SchemaDescription['tests'][number];

const hasTests = (description: Description): description is SchemaDescription => 'tests' in description;

function fromDescription(description: Description): JsonSchema {
  // A reference to another field (yup's `ref`) or a lazy schema has no shape of its own.
  if (!hasTests(description)) return {};
  const json: JsonSchema = {};
  const type = jsonType(description);
  if (type) json.type = description.nullable ? [type, 'null'] : type;
  if (description.type === 'date') json.format = 'date-time';
  const meta = description.meta as { description?: unknown } | undefined;
  if (typeof meta?.description === 'string') json.description = meta.description;

  const values = description.oneOf.filter((value) => value !== undefined && !isReference(value));
  if (values.length) json.enum = description.nullable && !values.includes(null) ? [...values, null] : values;
  if (['string', 'number', 'boolean'].includes(typeof description.default)) json.default = description.default as string | number | boolean;

  for (const test of description.tests) {
    for (const [keyword, value] of Object.entries(keywordsOf(description.type, test))) {
      if (value !== undefined) Object.assign(json, { [keyword]: value });
    }
  }

  if (description.type === 'object') {
    const { fields } = description as SchemaObjectDescription;
    json.properties = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fromDescription(field)]));
    const required = Object.entries(fields)
      .filter(([, field]) => hasTests(field) && field.optional === false)
      .map(([name]) => name);
    if (required.length) json.required = required;
  }
  if (description.type === 'array') {
    const { innerType } = description as SchemaInnerTypeDescription;
    if (innerType && !Array.isArray(innerType)) json.items = fromDescription(innerType);
  }
  return json;
}

const isReference = (value: unknown) => typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'ref';

function jsonType(description: SchemaDescription): string | undefined {
  switch (description.type) {
    case 'string':
    case 'boolean':
    case 'object':
    case 'array':
      return description.type;
    case 'number':
      return description.tests.some((test) => test.name === 'integer') ? 'integer' : 'number';
    case 'date':
      return 'string';
    case 'tuple':
      return 'array';
    default:
      // `mixed`: any value yup's own tests then judge.
      return undefined;
  }
}

/** What yup's `min`, `max` and `length` bound on text and lists. */
const SIZES = {
  string: { min: 'minLength', max: 'maxLength' },
  array: { min: 'minItems', max: 'maxItems' },
} as const;

/** The JSON Schema keywords of one of yup's built-in tests; custom tests give none. */
function keywordsOf(type: string, test: Test): Record<string, unknown> {
  const params: Record<string, unknown> = test.params ?? {};
  const number = (key: string) => (typeof params[key] === 'number' ? (params[key] as number) : undefined);
  const sized = type === 'string' || type === 'array' ? SIZES[type] : undefined;
  switch (test.name) {
    case 'min':
      if (sized) return { [sized.min]: number('min') };
      return number('more') !== undefined ? { exclusiveMinimum: number('more') } : { minimum: number('min') };
    case 'max':
      if (sized) return { [sized.max]: number('max') };
      return number('less') !== undefined ? { exclusiveMaximum: number('less') } : { maximum: number('max') };
    case 'length':
      return sized ? { [sized.min]: number('length'), [sized.max]: number('length') } : {};
    case 'email':
      return { format: 'email' };
    case 'url':
      return { format: 'uri' };
    case 'uuid':
      return { format: 'uuid' };
    case 'matches':
      return params.regex instanceof RegExp ? { pattern: params.regex.source } : {};
    default:
      return {};
  }
}
