import { object, string } from 'yup';
import { PARAMETER_VALUE_MAX_LENGTH, PARAMETER_VALUE_MESSAGES as MESSAGES, type ParameterKind } from '../settings';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** An absolute http(s) address with a real host name (a dot in it, or localhost). */
function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && (url.hostname.includes('.') || url.hostname === 'localhost');
  } catch {
    return false;
  }
}

// The value is stored without surrounding spaces; yup's own trim() would throw on a non-string.
const requiredValue = () =>
  string()
    .typeError(MESSAGES.notText)
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))
    .required(MESSAGES.required)
    .max(PARAMETER_VALUE_MAX_LENGTH, MESSAGES.tooLong);
type ValueSchema = ReturnType<typeof requiredValue>;

const KIND_RULES: Record<ParameterKind, (schema: ValueSchema) => ValueSchema> = {
  url: (schema) => schema.test('url', MESSAGES.url, (value) => !value || isHttpUrl(value)),
  email: (schema) => schema.matches(EMAIL, { message: MESSAGES.email, excludeEmptyString: true }),
  number: (schema) => schema.matches(NUMBER, { message: MESSAGES.number, excludeEmptyString: true }),
  text: (schema) => schema,
};

/** The rule of one parameter's value by its kind; the screen and PUT /api/parametros/{id} share it. */
export function parameterValueSchema(kind: ParameterKind): ValueSchema {
  return KIND_RULES[kind](requiredValue());
}

/** The body of PUT /api/parametros/{id}. */
export const parameterUpdateSchema = (kind: ParameterKind) => object({ valor: parameterValueSchema(kind) });
