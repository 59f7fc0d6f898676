/** Pix at the checkout (issue 23): texts, timings and the answers of /api/payment/pix. */

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

/** A Pix charge's state as the page follows it. */
export type PixStatus = 'waiting' | 'paid' | 'expired';

/** POST /api/payment/pix: the created charge (or the same one again for a replayed Idempotency-Key). */
export interface PixCharge {
  orderId: string;
  /** The copy-and-paste code (EMV BR Code). */
  payload: string;
  /** The QR code as a PNG data URL, made on the server: the checkout bundle carries no QR library. */
  qrCodeImage: string;
  /** ISO instant after which the code can no longer be paid. */
  expiresAt: string;
  /** The sandbox gateway: the panel offers 'Simular pagamento'. */
  simulation: boolean;
}

export type PixChargeAnswer = ({ success: true } & PixCharge) | { success: false; error: string };

/** GET /api/payment/pix/:orderId */
export interface PixChargeStatus {
  status: PixStatus;
  expiresAt: string;
}

/** '29:59': minutes and seconds left, never negative. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
