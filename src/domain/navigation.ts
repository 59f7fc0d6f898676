import { mayOpenScreen, SCREEN_ACCESS } from './permissions';
import { isUserType, type UserType } from './userTypes';

/**
 * The screens themselves (route, menu entry, code, preloads) are declared once in app/screens.ts; who
 * may open each is its `SCREEN_ACCESS` row. These are the rules about where a user goes.
 */

/** The first menu entry: where administrators land without a remembered path. */
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

const isScreen = (path: string): path is keyof typeof SCREEN_ACCESS => Object.hasOwn(SCREEN_ACCESS, path);

/**
 * Whether a user type may open a staff route: the screens its role allows, and its profile. A type
 * the spec does not name is shown the whole menu (app/screens.ts), so it may open the menu's screens
 * but not the audit.
 */
export function canOpen(userType: string | null | undefined, path: string): boolean {
  if (path === PROFILE_ROUTE) return true;
  if (!isScreen(path)) return false;
  if (!isUserType(userType)) return path !== AUDIT_ROUTE;
  return mayOpenScreen(userType, path);
}
