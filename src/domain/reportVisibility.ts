/** What of the sales report a user type sees: its own module, light enough for the start-up's first load. */
import type { UserType } from './userTypes';

/** Which filters and panels a user type sees (spec sections 2 and 6). */
export function reportVisibility(userType: UserType | null | undefined) {
  return {
    partnerFilter: userType !== 'PARCEIRO' && userType !== 'FILIAL',
    branchFilter: userType !== 'FILIAL',
    byPartner: userType !== 'FILIAL',
    withoutReseller: userType === 'ADMINISTRADOR',
  };
}

/** The report's filters as a user type may apply them: one it does not see never reaches the server, even from an edited URL. */
export function reportFiltersFor<Filters extends Record<string, string | undefined>>(
  filters: Filters,
  userType: UserType | null | undefined,
): Filters {
  const visibility = reportVisibility(userType);
  return {
    ...filters,
    ...(visibility.partnerFilter ? {} : { partner: '' }),
    ...(visibility.branchFilter ? {} : { branch: '' }),
  };
}
