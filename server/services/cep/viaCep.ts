import type { CepAddress } from '../../../src/domain/cep';

/** The lookup had no answer we can use: the service failed, was slow or answered nonsense. */
export class CepUnavailableError extends Error {}

interface ViaCepAnswer {
  erro?: boolean | string;
  logradouro?: unknown;
  bairro?: unknown;
  localidade?: unknown;
  uf?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 120) : '');

/**
 * ViaCEP's `GET /ws/{cep}/json/`: the address, null for a CEP it does not know (`{"erro": true}`,
 * some versions `"true"`, or 400), CepUnavailableError for anything else, including no answer
 * within `timeoutMs`. The caller passes exactly 8 digits.
 */
export async function viaCepLookup(baseUrl: string, cep: string, timeoutMs: number): Promise<CepAddress | null> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl.replace(/\/+$/, '')}/ws/${cep}/json/`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new CepUnavailableError((error as Error).name);
  }
  if (response.status === 400) return null;
  if (!response.ok) throw new CepUnavailableError(`answered ${response.status}`);
  let answer: ViaCepAnswer;
  try {
    answer = (await response.json()) as ViaCepAnswer;
  } catch {
    throw new CepUnavailableError('not JSON');
  }
  if (!answer || typeof answer !== 'object') throw new CepUnavailableError('not an object');
  if (answer.erro === true || answer.erro === 'true') return null;
  const state = text(answer.uf).toUpperCase();
  if (!/^[A-Z]{2}$/.test(state) || !text(answer.localidade)) throw new CepUnavailableError('no city or UF');
  return { cep, street: text(answer.logradouro), neighbourhood: text(answer.bairro), city: text(answer.localidade), state };
}
