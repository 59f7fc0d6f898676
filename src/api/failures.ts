/**
 * What a failed call says, read in one place. A failed RTK Query call (or `unwrap()`'s throw) is
 * `{status, data}`: `status` the HTTP status (a string such as 'FETCH_ERROR' when no answer came),
 * `data` the server's `{success: false, message, errors?}`.
 */

interface FailedCall {
  status?: unknown;
  data?: { message?: unknown; errors?: unknown };
}

/** The HTTP status of the answer, or undefined when none came (network down, aborted). */
export function answerStatus(error: unknown): number | undefined {
  const status = (error as FailedCall | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The server's own Portuguese message, whatever the status; undefined when it sent none. */
export function serverMessage(error: unknown): string | undefined {
  const message = (error as FailedCall | undefined)?.data?.message;
  return typeof message === 'string' && message ? message : undefined;
}

const isRefusal = (status: number | undefined) => status !== undefined && status >= 400 && status < 500;
const isUnavailable = (status: number | undefined) => status === 502 || status === 503;

/** The server's message when it sent one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/**
 * The server's own explanation of a failed call, shown beneath the spec's message: the message of a
 * refusal (4xx: a wrong password, a 409 conflict) or of an unavailable service (502/503). A 500's
 * generic text, or no answer at all, explains nothing.
 */
export function failureReason(error: unknown): string | undefined {
  const status = answerStatus(error);
  return isRefusal(status) || isUnavailable(status) ? serverMessage(error) : undefined;
}

/**
 * The toast for a failed save: the server's message when it refused the request (400 validation,
 * 404, 409 'E-mail já cadastrado'), the screen's generic message otherwise (server error, network down).
 */
export function refusalMessage(error: unknown, fallback: string): string {
  return (isRefusal(answerStatus(error)) && serverMessage(error)) || fallback;
}

/**
 * The toast of a failed save that reaches an upstream service: the server's message for a refusal
 * (400/409: 'CPF já cadastrado', a field rule) or an unavailable telemedicine provider (502/503);
 * `refused` when a refusal came without one; `unreachable` when no answer came or the server failed.
 */
export function saveErrorMessage(error: unknown, refused: string, unreachable: string): string {
  const status = answerStatus(error);
  if (isRefusal(status)) return errorMessage(error, refused);
  if (isUnavailable(status)) return errorMessage(error, unreachable);
  return unreachable;
}

/** The per-field messages of a 400 answer `{errors: {field: message}}`. */
export function fieldErrors(error: unknown): Record<string, string> {
  const errors = (error as FailedCall | undefined)?.data?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}
