import { errorMessage } from '../../api/apiSlice';

/**
 * The toast of a failed save: the server's own message for a refused request (400/409: 'CPF já
 * cadastrado', 'Titular não encontrado', a field rule) or an unavailable telemedicine provider
 * (502/503); `refused` when a refusal came without one; `unreachable` when the request never got an
 * answer or the server failed.
 */
export function saveErrorMessage(error: unknown, refused: string, unreachable: string): string {
  const status = (error as { status?: unknown } | undefined)?.status;
  if (typeof status !== 'number') return unreachable;
  if (status >= 400 && status < 500) return errorMessage(error, refused);
  if (status === 502 || status === 503) return errorMessage(error, unreachable);
  return unreachable;
}
