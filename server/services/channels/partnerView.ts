import type { Partner, PartnerView } from '../../../src/domain/wire/channels';
import type { Principal } from '../auth/tokens';

/** Administrators and the partner itself; a branch user reads its partner only for the forms' names. */
export const seesPartnerBankDetails = (principal: Principal) => principal.type === 'ADMINISTRADOR' || principal.type === 'PARCEIRO';

export function partnerAsSeenBy(principal: Principal, partner: Partner): PartnerView {
  if (seesPartnerBankDetails(principal)) return partner;
  const { agencia: _agencia, conta: _conta, digito: _digito, pix: _pix, ...visible } = partner;
  return visible;
}
