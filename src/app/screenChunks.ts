/**
 * Where each screen's code is: every screen is its own chunk, so the login and the public checkout
 * never download staff screens. The routes render these lazily; the start-up (src/index.tsx) asks
 * for the chunks of the screen being opened at once, so they download while the app starts instead
 * of after its first render (the layout, then the screen: two round trips in a row).
 */
export const loadLoginPage = () => import('../features/auth/components/LoginPage');
export const loadCheckoutPage = () => import('../features/checkout/components/CheckoutPage');
export const loadAppLayout = () => import('./layout/AppLayout');

/** The signed-in screens by their path, without the leading slash. */
export const STAFF_SCREEN_LOADERS = {
  profissionais: () => import('../features/professionals/components/ProfessionalsPage'),
  beneficiarios: () => import('../features/beneficiaries/components/BeneficiariesPage'),
  agendamentos: () => import('../features/appointments/components/AppointmentsPage'),
  encaminhamentos: () => import('../features/referrals/components/ReferralsPage'),
  site: () => import('../features/settings/components/SettingsPage'),
  configuracoes: () => import('../features/profile/components/ProfilePage'),
  parceiros: () => import('../features/partners/components/PartnersPage'),
  filiais: () => import('../features/branches/components/BranchesPage'),
  revendedores: () => import('../features/resellers/components/ResellersPage'),
  'relatorio-vendas': () => import('../features/report/components/SalesReportPage'),
  // Beyond the spec's ten screens: administrators only, reached from the header link.
  auditoria: () => import('../features/audit/components/AuditPage'),
} as const;

/**
 * Starts downloading what the first render at this path needs: the login screen on /login; with a
 * session, the layout and the staff screen. Nothing for other paths. A failed download surfaces
 * when the route renders it (its error page), not here.
 */
export function preloadScreenChunks(pathname: string, signedIn: boolean): Promise<unknown> | undefined {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  if (path === 'login') return loadLoginPage();
  const screen = STAFF_SCREEN_LOADERS[path as keyof typeof STAFF_SCREEN_LOADERS];
  if (!signedIn || !screen) return undefined;
  const chunks = Promise.all([loadAppLayout(), screen()]);
  chunks.catch(() => undefined);
  return chunks;
}
