/** Field name → Portuguese message, as the forms show them. */
export type FieldErrors = Record<string, string>;

/**
 * Every error answer's body: `success: false` as the spec's success-flag answers have it, the
 * Portuguese message, per-field messages when a form's fields failed, and the message again as
 * `error` on routes whose own failures answer `{success: false, error}` (`config.errorText`).
 */
export function errorBody(message: string, errors?: FieldErrors, errorText = false) {
  return { success: false as const, message, ...(errorText ? { error: message } : {}), ...(errors ? { errors } : {}) };
}

/**
 * A 5xx answer's body names the request (its X-Request-Id) for the user to quote to support: always
 * as `requestId`, and in the message itself when that message is the generic one (`quoteInMessage`);
 * a deliberate message (the provider is down) stays as the screens expect it.
 */
export function serverErrorBody(message: string, requestId: string, options: { errorText?: boolean; quoteInMessage?: boolean } = {}) {
  const text = options.quoteInMessage ? `${message} Código do erro: ${requestId}.` : message;
  return { ...errorBody(text, undefined, options.errorText), requestId };
}

/** An error meant for the user: its status and Portuguese message reach the client as `errorBody`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Sessão expirada. Faça login novamente.') => new HttpError(401, message);
export const forbidden = (message = 'Acesso não permitido para este tipo de usuário.') => new HttpError(403, message);
export const notFound = (message = 'Registro não encontrado.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
export const badGateway = (message: string) => new HttpError(502, message);
export const serviceUnavailable = (message: string) => new HttpError(503, message);
