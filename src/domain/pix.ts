/** Pix at the checkout (issue 23): texts, timings and the answers of /api/payment/pix. */

import type { PixChargeStatus } from './wire/checkout';

export const PIX_TEXTS = {
  methodLegend: 'Forma de pagamento',
  generate: 'Gerar Pix',
  generating: 'Gerando Pix...',
  panelTitle: 'Pague com Pix',
  instructions: 'Abra o app do seu banco, escolha pagar com Pix e leia o QR Code ou cole o código abaixo.',
  qrCodeAlt: 'QR Code Pix',
  codeLabel: 'Pix copia e cola',
  copy: 'Copiar código',
  copied: 'Código copiado',
  /** 'Expira em 29:59' */
  expiresIn: (timeLeft: string) => `Expira em ${timeLeft}`,
  waiting: 'Aguardando o pagamento...',
  expired: 'Código expirado',
  expiredHint: 'O prazo para pagar este código terminou. Gere um novo para continuar.',
  renew: 'Gerar novo código',
  simulate: 'Simular pagamento',
  simulateHint: 'Ambiente de testes: nenhum dinheiro é movimentado.',
  paid: 'Pagamento confirmado!',
  oneOffNote: 'Cobrança única por Pix, no valor do plano.',
  subtitle: 'Pagamento seguro com Pix',
} as const;

export const PIX_MESSAGES = {
  notFound: 'Cobrança Pix não encontrada.',
  notWaiting: 'Esta cobrança Pix não está aguardando pagamento.',
  simulationUnavailable: 'A simulação de pagamento só existe no ambiente de testes.',
  gatewayUnavailable: 'Não foi possível gerar o Pix agora. Nenhuma cobrança foi feita; tente novamente em instantes.',
  tooManyStatusReads: 'Muitas consultas de pagamento. Aguarde alguns minutos e tente novamente.',
  copyFailed: 'Não foi possível copiar. Selecione o código e copie manualmente.',
} as const;

/** How often the page asks whether the charge was paid. */
export const PIX_POLL_MS = 3000;

/** The answers of /api/payment/pix. */
export type { PixCharge, PixChargeAnswer, PixChargeStatus } from './wire/checkout';

/** A Pix charge's state as the page follows it. */
export type PixStatus = PixChargeStatus['status'];

/** '29:59': minutes and seconds left, never negative. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
