import type { StringSchema } from './yup';

/**
 * A domain with a dot ('ana@clinica.com.br'): yup's e-mail rule, HTML's, also takes 'ana@clinica',
 * which no customer's mail reaches, and which the payment gateway refuses.
 */
const DOMAIN_WITH_DOT = /@[^@\s.]+(\.[^@\s.]+)+$/;

/** `schema` (a string) as an e-mail address, `message` when it is not one; empty passes (add `.required` for that). */
export const emailAddress = <Schema extends StringSchema<string | undefined>>(schema: Schema, message: string): Schema =>
  schema.email(message).test('email-domain', message, (value) => !value || DOMAIN_WITH_DOT.test(value)) as Schema;
