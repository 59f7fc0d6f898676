/** The address lookup by CEP (GET /api/cep/:cep): its answer and messages. */

// An address as the forms fill it: its schema lives with the API's answers.
export type { CepAddress } from './wire/cep';

export const CEP_MESSAGES = {
  invalid: 'CEP inválido.',
  notFound: 'CEP não encontrado.',
  unavailable: 'Consulta de CEP indisponível no momento.',
  tooManyLookups: 'Muitas consultas de CEP. Aguarde alguns minutos e tente novamente.',
  /** Under the CEP when its lookup failed, after the reason. */
  fillByHand: 'Preencha o endereço manualmente.',
} as const;

export const CEP_DIGITS = 8;
