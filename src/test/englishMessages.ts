/**
 * The default messages of yup ("x must be…", "x is a required field", "x cannot be null", "x field
 * has unspecified keys") and of Fastify's validator ("must have required property…", "must NOT…"):
 * none may reach a user. The schemas' own test and the server's fuzz suite both look for them.
 */
export const ENGLISH_DEFAULT_MESSAGE = /\b(must|is a required field|cannot be null|is invalid|field has unspecified keys)\b/;
