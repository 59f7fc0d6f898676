import type { Partner } from '../../../src/domain/channels';
import type { Principal } from '../auth/tokens';

/** A partner's bank details: where its commissions are paid. */
type BankField = 'agencia' | 'conta' | 'digito' | 'pix';

/** A partner as some user type receives it: the bank details only for those who may see them. */
export type PartnerView = Omit<Partner, BankField> & Partial<Pick<Partner, BankField>>;

/** Administrators and the partner itself; a branch user reads its partner only for the forms' names. */
export const seesPartnerBankDetails = (principal: Principal) => principal.type === 'ADMINISTRADOR' || principal.type === 'PARCEIRO';

export function partnerAsSeenBy(principal: Principal, partner: Partner): PartnerView {
  if (seesPartnerBankDetails(principal)) return partner;
  const { agencia: _agencia, conta: _conta, digito: _digito, pix: _pix, ...visible } = partner;
  return visible;
}
