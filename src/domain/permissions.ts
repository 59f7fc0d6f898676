import type { UserType } from './userTypes';

/**
 * Who may do what: the one table of permissions. The server's route guards read `API_ACCESS` (a
 * route declares nothing about access itself), the browser's menu and header read `SCREEN_ACCESS`.
 * Within what a role allows, each service still limits the rows to the caller's own scope.
 */
export const ROLES = {
  /** Any signed-in account: the routes whose answers are cut to the caller's scope. */
  signedIn: ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL', 'REVENDEDOR'],
  /** The care screens, the site's parameters, the audit trail, partners' writes. */
  administrators: ['ADMINISTRADOR'],
  /** Partners manage their branches. */
  branchManagers: ['ADMINISTRADOR', 'PARCEIRO'],
  /** Partners and branches manage their resellers and read their sales. */
  channelManagers: ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL'],
  /** Who works the beneficiaries' screen: administrators and the resellers who sell. */
  sellers: ['ADMINISTRADOR', 'REVENDEDOR'],
} as const satisfies Record<string, readonly UserType[]>;

export type Role = keyof typeof ROLES;
/** `public`: open to anyone, with or without a token (the checkout, signed file links, health). */
export type Access = Role | 'public';

/** Every API route, as the server registers it ('METHOD /url' with its `:params`), and who may call it. */
export const API_ACCESS = {
  'GET /api/health': 'public',
  'POST /api/auth/login': 'public',
  'GET /api/auth/verify': 'signedIn',
  'POST /api/auth/change-password': 'signedIn',
  'POST /api/auth/logout': 'signedIn',

  'GET /api/parametros': 'administrators',
  'PUT /api/parametros/:id': 'administrators',
  'GET /api/parametros/:id/historico': 'administrators',

  'GET /api/partners': 'channelManagers',
  'GET /api/partners/options': 'channelManagers',
  'GET /api/partners/export': 'channelManagers',
  'GET /api/partners/:id': 'channelManagers',
  'GET /api/partners/:id/logo': 'public',
  'POST /api/partners': 'administrators',
  'PUT /api/partners/:id': 'administrators',
  'DELETE /api/partners/:id': 'administrators',

  'GET /api/branches': 'branchManagers',
  'GET /api/branches/options': 'branchManagers',
  'GET /api/branches/export': 'branchManagers',
  'GET /api/branches/:id': 'branchManagers',
  'POST /api/branches': 'branchManagers',
  'PUT /api/branches/:id': 'branchManagers',
  'DELETE /api/branches/:id': 'branchManagers',

  'GET /api/resellers': 'channelManagers',
  'GET /api/resellers/export': 'channelManagers',
  'GET /api/resellers/:id': 'channelManagers',
  'POST /api/resellers': 'channelManagers',
  'PUT /api/resellers/:id': 'channelManagers',
  'DELETE /api/resellers/:id': 'channelManagers',

  'GET /api/checkout/config': 'public',
  'GET /api/payment/orders/:orderId': 'public',
  'POST /api/payment': 'public',
  'POST /api/payment/webhook/asaas': 'public',
  'POST /api/payment/pix': 'public',
  'GET /api/payment/pix/:orderId': 'public',
  'POST /api/payment/pix/:orderId/simulate': 'public',
  'GET /api/cep/:cep': 'public',

  // Resellers reach only their own beneficiaries and sales; the services cut every answer to the scope.
  'GET /api/beneficiaries': 'signedIn',
  'GET /api/beneficiaries/filters': 'signedIn',
  'GET /api/beneficiaries/export': 'signedIn',
  'GET /api/beneficiaries/cpf/:cpf': 'signedIn',
  'POST /api/beneficiaries': 'signedIn',
  'PUT /api/beneficiaries/:uuid': 'signedIn',
  'DELETE /api/beneficiaries/:uuid': 'signedIn',
  'GET /api/reports/sales': 'signedIn',
  'GET /api/reports/sales/filters': 'signedIn',
  'GET /api/reports/sales/export': 'signedIn',

  'GET /api/professionals': 'administrators',
  'GET /api/professionals/export.csv': 'administrators',
  'GET /api/professionals/:id': 'administrators',
  'POST /api/professionals': 'administrators',
  'PUT /api/professionals/:id': 'administrators',
  'DELETE /api/professionals/:id': 'administrators',
  'GET /api/professionals/:id/files/:field': 'public',
  'GET /api/specialties': 'administrators',
  'GET /api/specialty-availability': 'administrators',
  'GET /api/appointments': 'administrators',
  'GET /api/appointments/export.csv': 'administrators',
  'GET /api/appointments/patients': 'administrators',
  'GET /api/appointments/:uuid': 'administrators',
  'POST /api/appointments': 'administrators',
  'DELETE /api/appointments/:uuid': 'administrators',
  'GET /api/appointments/referrals': 'administrators',
  'GET /api/appointments/referrals/export.csv': 'administrators',
  'GET /api/referrals/:uuid/file': 'public',

  'GET /api/audit': 'administrators',
  'GET /api/audit/export': 'administrators',
  // A beneficiary's own history: whoever may open the beneficiary (the service checks the scope).
  'GET /api/audit/beneficiaries/:uuid': 'signedIn',

  // The API reference (development and demo only: production registers none of these).
  'GET /api/docs/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
} as const satisfies Record<string, Access>;

export type ApiRoute = keyof typeof API_ACCESS;

/** Every staff screen and who may open it: the menu shows exactly these (the spec's section 4). */
export const SCREEN_ACCESS = {
  '/profissionais': 'administrators',
  '/beneficiarios': 'sellers',
  '/parceiros': 'administrators',
  '/filiais': 'branchManagers',
  '/revendedores': 'channelManagers',
  '/agendamentos': 'administrators',
  '/encaminhamentos': 'administrators',
  '/relatorio-vendas': 'channelManagers',
  '/site': 'administrators',
  '/configuracoes': 'administrators',
  '/auditoria': 'administrators',
} as const satisfies Record<string, Role>;

export type ScreenPath = keyof typeof SCREEN_ACCESS;

/** Whether a user type holds a role. */
export function hasRole(userType: UserType | null | undefined, role: Role): boolean {
  return Boolean(userType) && (ROLES[role] as readonly UserType[]).includes(userType!);
}

/** Whether a user type may open a staff screen. */
export function mayOpenScreen(userType: UserType | null | undefined, path: ScreenPath): boolean {
  return hasRole(userType, SCREEN_ACCESS[path]);
}
