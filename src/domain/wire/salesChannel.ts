/** The sales channel's filter options (partner → branch → reseller) of the beneficiaries list and the sales report. */
import { Type, type Static } from '@sinclair/typebox';
import { WireObject } from './answers';

export const ChannelPartnerOption = WireObject({ id: Type.Integer(), nome: Type.String() });
export type ChannelPartnerOption = Static<typeof ChannelPartnerOption>;

export const ChannelBranchOption = WireObject({ id: Type.Integer(), titulo: Type.String(), partnerId: Type.Integer() });
export type ChannelBranchOption = Static<typeof ChannelBranchOption>;

export const ChannelResellerOption = WireObject({
  id: Type.Integer(),
  nome: Type.String(),
  branchId: Type.Integer(),
  partnerId: Type.Integer(),
});
export type ChannelResellerOption = Static<typeof ChannelResellerOption>;

/** GET /api/beneficiaries/filters and GET /api/reports/sales/filters: the choices within the caller's scope. */
export const SalesChannelOptions = WireObject({
  partners: Type.Array(ChannelPartnerOption),
  branches: Type.Array(ChannelBranchOption),
  resellers: Type.Array(ChannelResellerOption),
});
export type SalesChannelOptions = Static<typeof SalesChannelOptions>;
