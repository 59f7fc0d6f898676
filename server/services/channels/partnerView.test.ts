import type { Partner } from '../../../src/domain/wire/channels';
import type { Principal } from '../auth/tokens';
import { partnerAsSeenBy, seesPartnerBankDetails } from './partnerView';

/** A partner's bank details (partnerView.ts): administrators and the partner itself see them, no one else. */

const partner: Partner = {
  id: 3,
  nome: 'Saúde Mais',
  cnpj: '11222333000181',
  email: 'contato@saudemais.com.br',
  agencia: '0001',
  conta: '12345',
  digito: '6',
  pix: 'pix@saudemais.com.br',
  ativo: true,
  logotipo: null,
  data_registro: '2026-05-10T12:00:00.000Z',
  versao: 0,
};

const as = (type: Principal['type']): Principal => ({ id: 3, type, partnerId: 3, branchId: 9, tokenVersion: 0 });

it.each(['ADMINISTRADOR', 'PARCEIRO'] as const)('shows the whole partner, bank details included, to %s', (type) => {
  expect(seesPartnerBankDetails(as(type))).toBe(true);
  expect(partnerAsSeenBy(as(type), partner)).toEqual(partner);
});

it.each(['FILIAL', 'REVENDEDOR'] as const)('shows %s the partner without agency, account, digit or Pix key', (type) => {
  expect(seesPartnerBankDetails(as(type))).toBe(false);
  const { agencia: _agencia, conta: _conta, digito: _digito, pix: _pix, ...visible } = partner;
  expect(partnerAsSeenBy(as(type), partner)).toStrictEqual(visible);
});
