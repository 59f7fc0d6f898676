import type { ComponentType } from 'react';
import type { IconType } from 'react-icons';
import {
  LuBuilding2,
  LuCalendarDays,
  LuChartColumn,
  LuFileText,
  LuGlobe,
  LuHandshake,
  LuSettings,
  LuStethoscope,
  LuStore,
  LuUsers,
} from 'react-icons/lu';
import type { PreloadedList } from '../api/firstPagePreload';
import {
  APPOINTMENT_FILTERS,
  BENEFICIARY_FILTERS,
  BRANCH_FILTERS,
  PARTNER_FILTERS,
  PROFESSIONAL_FILTERS,
  REFERRAL_FILTERS,
  REPORT_FILTERS,
  RESELLER_FILTERS,
} from '../domain/listFilters';
import { mayOpenScreen, type ScreenPath } from '../domain/permissions';
import { reportFiltersFor } from '../domain/reportVisibility';
import { isUserType } from '../domain/userTypes';

/**
 * A signed-in screen, declared once: the router, the sidebar, the start-up's preloads and the
 * screens.test checks read it from here. Who may open it is its `SCREEN_ACCESS` row (permissions.ts).
 */
export interface StaffScreen {
  path: ScreenPath;
  /** Its sidebar entry; none for a screen reached from the header (the spec's menu has ten entries). */
  menu?: { label: string; icon: IconType };
  /** Its code, a chunk of its own: the login and the checkout never download staff screens. */
  load: () => Promise<{ default: ComponentType }>;
  /**
   * For a list, its call and filter names, in the order `useListParams` gives them: the start-up asks
   * for its first page while the app loads (api/firstPagePreload.ts; app/firstPagePreload.test renders
   * each screen to hold the URL true).
   */
  firstPage?: PreloadedList;
}

/**
 * Every staff screen, the sidebar's in the spec's order. Naming the icons here adds no bytes to
 * /login: react-icons' `lu` is one module, already in the first load for the error page's icons,
 * and it holds every icon the app uses wherever they are named.
 */
export const SCREENS: readonly StaffScreen[] = [
  {
    path: '/profissionais',
    menu: { label: 'Profissionais', icon: LuStethoscope },
    load: () => import('../features/professionals/components/ProfessionalsPage'),
    firstPage: { endpoint: '/professionals', query: 'getProfessionals', filters: PROFESSIONAL_FILTERS },
  },
  {
    path: '/beneficiarios',
    menu: { label: 'Beneficiários', icon: LuUsers },
    load: () => import('../features/beneficiaries/components/BeneficiariesPage'),
    firstPage: { endpoint: '/beneficiaries', query: 'getBeneficiaries', filters: BENEFICIARY_FILTERS },
  },
  {
    path: '/parceiros',
    menu: { label: 'Parceiros', icon: LuHandshake },
    load: () => import('../features/partners/components/PartnersPage'),
    firstPage: { endpoint: '/partners', query: 'getPartners', filters: PARTNER_FILTERS },
  },
  {
    path: '/filiais',
    menu: { label: 'Filiais', icon: LuBuilding2 },
    load: () => import('../features/branches/components/BranchesPage'),
    firstPage: { endpoint: '/branches', query: 'getBranches', filters: BRANCH_FILTERS },
  },
  {
    path: '/revendedores',
    menu: { label: 'Revendedores', icon: LuStore },
    load: () => import('../features/resellers/components/ResellersPage'),
    firstPage: { endpoint: '/resellers', query: 'getResellers', filters: RESELLER_FILTERS },
  },
  {
    path: '/agendamentos',
    menu: { label: 'Agendamentos', icon: LuCalendarDays },
    load: () => import('../features/appointments/components/AppointmentsPage'),
    firstPage: { endpoint: '/appointments', query: 'getAppointments', filters: APPOINTMENT_FILTERS },
  },
  {
    path: '/encaminhamentos',
    menu: { label: 'Encaminhamentos', icon: LuFileText },
    load: () => import('../features/referrals/components/ReferralsPage'),
    firstPage: { endpoint: '/appointments/referrals', query: 'getReferrals', filters: REFERRAL_FILTERS },
  },
  {
    path: '/relatorio-vendas',
    menu: { label: 'Relatório de Vendas', icon: LuChartColumn },
    load: () => import('../features/report/components/SalesReportPage'),
    firstPage: { endpoint: '/reports/sales', query: 'getSalesReport', filters: REPORT_FILTERS, filtersFor: reportFiltersFor },
  },
  {
    path: '/site',
    menu: { label: 'Gestão do Site', icon: LuGlobe },
    load: () => import('../features/settings/components/SettingsPage'),
  },
  {
    path: '/configuracoes',
    menu: { label: 'Configurações', icon: LuSettings },
    load: () => import('../features/profile/components/ProfilePage'),
  },
  // Beyond the spec's ten: the administrators' audit trail, reached from the header link.
  { path: '/auditoria', load: () => import('../features/audit/components/AuditPage') },
];

/** The screen at a path, whatever its leading and trailing slashes. */
export function screenAt(pathname: string): StaffScreen | undefined {
  const path = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
  return SCREENS.find((screen) => screen.path === path);
}

export interface MenuEntry {
  path: ScreenPath;
  label: string;
  icon: IconType;
}

/**
 * The sidebar for a user type: the entries its permissions open. The spec gives a type it does not
 * name all ten entries; the server still refuses such a session every call.
 */
export function menuFor(userType: string | null | undefined): MenuEntry[] {
  return SCREENS.flatMap(({ path, menu }) => (menu && (!isUserType(userType) || mayOpenScreen(userType, path)) ? [{ path, ...menu }] : []));
}
