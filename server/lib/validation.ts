import { ValidationError, type AnySchema, type InferType } from 'yup';
import { badRequest, type FieldErrors } from './httpErrors';
import { CHECKED_BY_HANDLER } from './requestSchemas';
import { jsonSchemaOf } from './yupJsonSchema';

/**
 * A route's `body` schema for /api/docs, derived from the yup schema its handler validates with
 * (`validateBody`), so each rule is written once. Marked CHECKED_BY_HANDLER: Fastify does not enforce
 * it a second time, and a bad body keeps the field's own Portuguese message.
 */
export const documentedBody = (schema: AnySchema, description?: string) => ({
  ...jsonSchemaOf(schema),
  ...(description ? { description } : {}),
  [CHECKED_BY_HANDLER]: true,
});

/**
 * Validates a request body with one of the shared yup schemas (the same the forms use) and answers
 * 400 `{message, errors}` with every failing field. Unknown keys are dropped, never stored.
 */
export async function validateBody<S extends AnySchema>(schema: S, body: unknown): Promise<InferType<S>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Dados inválidos.');
  }
  try {
    return await schema.validate(body, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof ValidationError) {
      const errors: FieldErrors = {};
      // With abortEarly off, yup lists every failure in `inner`, a failure of the whole body too.
      for (const issue of error.inner) {
        const field = issue.path || '_'; // a rule on the whole body has the path ''
        errors[field] ??= issue.message;
      }
      throw badRequest(Object.values(errors)[0] ?? 'Dados inválidos.', errors);
    }
    // yup throws on shapes no form sends (an array or object where text goes, a `constructor` key,
    // JSON nested thousands deep): that is bad input, not a server fault.
    if (error instanceof TypeError || error instanceof RangeError) throw badRequest('Dados inválidos.');
    throw error;
  }
}
