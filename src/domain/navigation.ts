import { mayOpenScreen, type ScreenPath } from './permissions';
import { isUserType, type UserType } from './userTypes';

export interface MenuEntry {
  path: ScreenPath;
  label: string;
}

/** Every sidebar entry, in the spec's order. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { path: '/profissionais', label: 'Profissionais' },
  { path: '/beneficiarios', label: 'Beneficiários' },
  { path: '/parceiros', label: 'Parceiros' },
  { path: '/filiais', label: 'Filiais' },
  { path: '/revendedores', label: 'Revendedores' },
  { path: '/agendamentos', label: 'Agendamentos' },
  { path: '/encaminhamentos', label: 'Encaminhamentos' },
  { path: '/relatorio-vendas', label: 'Relatório de Vendas' },
  { path: '/site', label: 'Gestão do Site' },
  { path: '/configuracoes', label: 'Configurações' },
];

/**
 * The sidebar for a user type: the entries its permissions open (permissions.ts). The spec gives a
 * type it does not name all ten entries; the server still refuses such a session every call.
 */
export function menuFor(userType: string | null | undefined): MenuEntry[] {
  if (!isUserType(userType)) return [...MENU_ENTRIES];
  return MENU_ENTRIES.filter((entry) => mayOpenScreen(userType, entry.path));
}

export const DEFAULT_ROUTE = '/profissionais';

/** The administrators' audit screen, reached from the header (the sidebar keeps the spec's ten entries). */
export const AUDIT_ROUTE = '/auditoria';
/** The agenda, where 'Nova Consulta' books a pending referral handed over by 'Agendar consulta'. */
export const AGENDA_ROUTE = '/agendamentos';

/** Where a user lands after login; administrators return to where they were going. */
export function landingPathFor(userType: UserType, rememberedPath?: string | null): string {
  switch (userType) {
    case 'REVENDEDOR':
      return '/beneficiarios';
    case 'PARCEIRO':
      return '/filiais';
    case 'FILIAL':
      return '/revendedores';
    default:
      return rememberedPath || DEFAULT_ROUTE;
  }
}

/** The profile page ('Meu Perfil') is open to every user type, from the header link. */
export const PROFILE_ROUTE = '/configuracoes';

/** Whether a user type may open a staff route: its menu entries, the audit if its role allows, and its profile. */
export function canOpen(userType: string | null | undefined, path: string): boolean {
  if (path === PROFILE_ROUTE) return true;
  if (path === AUDIT_ROUTE) return isUserType(userType) && mayOpenScreen(userType, AUDIT_ROUTE);
  return menuFor(userType).some((entry) => entry.path === path);
}
