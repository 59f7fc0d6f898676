import { ValidationError, type AnyObjectSchema } from 'yup';

export type ValidationOutcome = { errors: Record<string, string> } | { value: Record<string, unknown> };

/**
 * What a shared schema makes of a body, as the forms and the server's 400 use it: every failing
 * field with its first message, or the valid value (unknown keys dropped).
 */
export function validationOutcome(schema: AnyObjectSchema, body: object): ValidationOutcome {
  try {
    return { value: schema.validateSync(body, { abortEarly: false, stripUnknown: true }) as Record<string, unknown> };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, string> = {};
    for (const issue of error.inner) errors[issue.path ?? ''] ??= issue.message;
    return { errors };
  }
}
