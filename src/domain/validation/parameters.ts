import { object, string } from './yup';
import { PARAMETER_VALUE_MAX_LENGTH, PARAMETER_VALUE_MESSAGES as MESSAGES, type ParameterKind } from '../settings';
import { recordVersion } from './recordVersion';

// Linear by construction: the dots split the domain into labels that cannot contain one, so no
// character can be matched by two neighbouring quantifiers (src/domain/regexSafety.test.ts checks it).
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A kind's pattern check, run only on values within the length limit: yup runs every rule
 * (abortEarly: false), and an oversized value already has its own message.
 */
const withinLimit = (check: (value: string) => boolean) => (value: string | undefined) =>
  !value || value.length > PARAMETER_VALUE_MAX_LENGTH || check(value);

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
  url: (schema) => schema.test('url', MESSAGES.url, withinLimit(isHttpUrl)),
  email: (schema) =>
    schema.test(
      'email',
      MESSAGES.email,
      withinLimit((value) => EMAIL.test(value)),
    ),
  number: (schema) =>
    schema.test(
      'number',
      MESSAGES.number,
      withinLimit((value) => NUMBER.test(value)),
    ),
  text: (schema) => schema,
};

/** The rule of one parameter's value by its kind; the screen and PUT /api/parametros/{id} share it. */
export function parameterValueSchema(kind: ParameterKind): ValueSchema {
  return KIND_RULES[kind](requiredValue());
}

/** The body of PUT /api/parametros/{id}: the value, and the version of the parameter it replaces (optional, from 1: migration 0045). */
export const parameterUpdateSchema = (kind: ParameterKind) => object({ valor: parameterValueSchema(kind), versao: recordVersion(1) });
