import { CHECKOUT_TEXTS, payButtonLabel } from '../../domain/checkout';
import type { PlanId } from '../../domain/plans';
import { PIX_TEXTS } from '../../domain/pix';
import { checkoutSlice, type CheckoutState } from './checkoutSlice';

export const {
  selectSettings,
  selectPaymentMethod,
  selectCardPhase,
  selectPixPhase,
  selectPixCharge,
  selectPixOrder,
  selectApprovedOrder,
  selectButtonBusy,
  selectButtonDisabled,
  selectFieldsLocked,
  selectAnswerPending,
} = checkoutSlice.selectors;

/**
 * What the submit button reads: by card 'Pagar R$ 39,90 (Consulta Avulsa)', or 'Processando
 * pagamento...' while busy (spec section 2); by Pix 'Gerar Pix', or 'Gerando Pix...'.
 */
export function selectButtonText(state: { checkout: CheckoutState }, planId: PlanId): string {
  const busy = selectButtonBusy(state);
  if (selectPaymentMethod(state) === 'pix') return busy ? PIX_TEXTS.generating : PIX_TEXTS.generate;
  return busy ? CHECKOUT_TEXTS.processing : payButtonLabel(planId);
}
