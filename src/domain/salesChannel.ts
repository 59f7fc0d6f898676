/**
 * The sales channel a beneficiary or a sale came through: partner → branch → reseller. Filter
 * dropdowns of the beneficiaries list and of the sales report are built from these options, sent by
 * the server within the user's scope.
 */
import type { SalesChannelOptions } from './wire/salesChannel';

export type { ChannelBranchOption, ChannelPartnerOption, ChannelResellerOption, SalesChannelOptions } from './wire/salesChannel';

export type ChannelLevel = 'partner' | 'branch' | 'reseller';

export interface ChannelSelection {
  partner?: string;
  branch?: string;
}

/**
 * The branch and reseller choices left once a partner (and maybe a branch) is chosen, so the user
 * cannot combine a branch with another partner's reseller.
 */
export function narrowChannelOptions(options: SalesChannelOptions | undefined, selection: ChannelSelection) {
  const partnerId = Number(selection.partner) || undefined;
  const branchId = Number(selection.branch) || undefined;
  const partners = options?.partners ?? [];
  const branches = (options?.branches ?? []).filter((branch) => !partnerId || branch.partnerId === partnerId);
  const resellers = (options?.resellers ?? []).filter(
    (reseller) => (!partnerId || reseller.partnerId === partnerId) && (!branchId || reseller.branchId === branchId),
  );
  return { partners, branches, resellers };
}

/**
 * The filters that change when one channel filter does: it, and the levels beneath it, cleared (a
 * branch of another partner would hide every row). An empty value (the 'Todos' choice) clears it.
 */
export function channelFilterChanges(level: ChannelLevel, value: string): Partial<Record<ChannelLevel, string | undefined>> {
  const changes: Partial<Record<ChannelLevel, string | undefined>> = { [level]: value || undefined };
  if (level === 'partner') changes.branch = undefined;
  if (level !== 'reseller') changes.reseller = undefined;
  return changes;
}
