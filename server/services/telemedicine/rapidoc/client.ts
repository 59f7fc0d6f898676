import { CARE_ERRORS } from '../../../../src/domain/care';
import { badGateway, badRequest, conflict, notFound, type HttpError } from '../../../lib/httpErrors';

/** A refusal the provider gave no words for. */
export const PROVIDER_REFUSED = 'O serviço de telemedicina recusou a solicitação.';

/** Exactly this media type, on every call (GET and DELETE too), without a charset. */
export const RAPIDOC_CONTENT_TYPE = 'application/vnd.rapidoc.tema-v2+json';

export interface RapidocSettings {
  baseUrl: string;
  clientId: string;
  token: string;
  timeoutMs: number;
}

/** Why a call failed, for the server log (never for the user). */
export type RapidocFailureLog = (detail: { method: string; path: string; status?: number; reason: string }) => void;

export interface RapidocRequestOptions {
  body?: unknown;
  /** Answer undefined (instead of failing) for 404 or `success:false`: lookups of things that may not exist. */
  missingAsUndefined?: boolean;
}

export type RapidocClient = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options?: RapidocRequestOptions) => Promise<unknown>;

/** The provider's own words about a refusal: `message`, `error`, or the first of `errors`. */
export function providerMessage(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const record = data as Record<string, unknown>;
  for (const key of ['message', 'error', 'detail']) {
    if (typeof record[key] === 'string' && record[key]) return record[key] as string;
  }
  const errors = record.errors;
  if (Array.isArray(errors) && errors[0] && typeof errors[0] === 'object') {
    const first = errors[0] as Record<string, unknown>;
    const text = first.message ?? first.description;
    if (typeof text === 'string' && text) return text;
  }
  return undefined;
}

function parseBody(text: string): { ok: true; data: unknown } | { ok: false } {
  if (!text.trim()) return { ok: true, data: undefined };
  try {
    return { ok: true, data: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * The HTTP client of the Rapidoc TEMA API. Both error styles are failures: a non-2xx status, and
 * HTTP 200 with `success:false`. The provider's refusals of what the user asked (400, 409, 422,
 * `success:false`) reach the user with the provider's message; anything that means the provider
 * itself failed (network, timeout, 5xx, unreadable answer, our credentials refused) is 502
 * 'Serviço de telemedicina indisponível'.
 */
export function createRapidocClient(settings: RapidocSettings, logFailure: RapidocFailureLog = () => undefined): RapidocClient {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const unavailable = (method: string, path: string, reason: string, status?: number): HttpError => {
    logFailure({ method, path, status, reason });
    return badGateway(CARE_ERRORS.providerUnavailable);
  };

  return async (method, path, options = {}) => {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${settings.token}`,
          clientId: settings.clientId,
          'Content-Type': RAPIDOC_CONTENT_TYPE,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      // By name, not `instanceof Error`: fetch's DOMException may come from another realm (jest's vm).
      const name = (error as { name?: unknown } | null)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw unavailable(method, path, timedOut ? `timeout after ${settings.timeoutMs} ms` : String(error));
    }

    const parsed = parseBody(text);
    const data = parsed.ok ? parsed.data : undefined;
    if (!response.ok) {
      if (response.status === 404 && options.missingAsUndefined) return undefined;
      const message = providerMessage(data);
      if (response.status === 404) throw notFound(message);
      if (response.status === 409) throw conflict(message ?? CARE_ERRORS.slotTaken);
      if (response.status === 400 || response.status === 422) throw badRequest(message ?? PROVIDER_REFUSED);
      throw unavailable(method, path, `HTTP ${response.status}${message ? `: ${message}` : ''}`, response.status);
    }
    if (!parsed.ok) throw unavailable(method, path, 'answer is not JSON', response.status);
    if (data && typeof data === 'object' && (data as { success?: unknown }).success === false) {
      if (options.missingAsUndefined) return undefined;
      throw badRequest(providerMessage(data) ?? PROVIDER_REFUSED);
    }
    return data;
  };
}
