import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { UserType } from '../../src/domain/userTypes';
import { administrators, parameters, partnerLogos, paymentAttempts, sandboxCharges, type PaymentBuyer } from '../db/schema';
import { DEMO_PASSWORD } from '../seed/accounts';
import { checkoutBody } from './payments';
import { professionalFilePath } from '../services/professionals/queries';
import { referralFilePath } from '../services/telemedicine/local/referralQueries';
import { specialtyByName, uniqueCpf } from './careFixtures';
import { createLinkSigner } from '../services/uploads/signedLinks';
import { addDays, todayIn, toBrDate } from '../services/telemedicine/dates';
import { MISSING, unique, uniqueCnpj, type RecordKind, type Scope, type ScopeFixtures } from './scopeFixtures';

/**
 * Who may call every API route: the one table the authorization suite is generated from. A route
 * registered by the app and missing here fails the suite, so a new route cannot ship unclassified.
 *
 * The rule the suite derives for each case, unless a row says otherwise:
 * - `public` routes answer the same to everyone, whatever token comes (or none);
 * - anything else answers 401 to no token, an expired one, one signed with another secret and one
 *   of an inactive account; 403 to a user type outside `access`;
 * - an allowed user type gets `success` for a record in its scope and 404 (`outOfScope`) for the
 *   nearest record outside it (another reseller, branch or partner; a missing id for administrators).
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CaseTarget {
  /** The record the case aims at (path parameter or body reference); '' when the row names none. */
  record: string;
  scope?: Scope;
  type?: UserType;
  /** Whether the table expects success: builders spend setup (fresh slots, signed links) only then. */
  succeeds: boolean;
  fx: ScopeFixtures;
  adminToken: string;
  jwtSecret: string;
}

export interface CaseRequest {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface RouteAccess {
  method: Method;
  /** As registered, with its `:params`. */
  url: string;
  access: 'public' | 'signed-in' | readonly UserType[];
  success?: 200 | 201;
  /** The record the route names: each allowed user type gets a case inside its scope and one outside. */
  record?: RecordKind;
  /** A public route whose answer here is fixed by the suite's configuration (not a success). */
  publicAnswer?: number;
  /** A public route with a case that must work and one that must not (`outOfScope`). */
  publicCases?: boolean;
  /** The answer outside the scope (404 unless the route reads the record from the body). */
  outOfScope?: number;
  /** Cases that change or remove the record work on a fresh one. */
  fresh?: boolean;
  /** Logout and password change end the session: such cases sign in a fresh account. */
  endsSession?: boolean;
  /** Answers that differ from the rule for a user type. */
  answer?: (type: UserType, scope?: Scope) => number | undefined;
  /** The answer lists records of this kind: the caller's nearest in-scope one shows, the nearest out-of-scope one never. */
  shows?: RecordKind;
  /** Default: the url with its parameter replaced by the record. */
  request?: (target: CaseTarget) => CaseRequest | Promise<CaseRequest>;
}

const ALL_STAFF = ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL'] as const;

/** The buyer kept with a confirmed order (no card data is ever kept). */
const checkoutBuyer = (): PaymentBuyer => {
  const { creditCard: _card, selectedPlan: _plan, ...buyer } = checkoutBody();
  return buyer;
};
const PARTNER_STAFF = ['ADMINISTRADOR', 'PARCEIRO'] as const;
const ADMIN = ['ADMINISTRADOR'] as const;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]);
const PDF = Buffer.from('%PDF-1.4\n% matriz de acesso\n');

const email = (prefix: string) => `${unique(prefix)}@matriz.test`;

function professionalFields() {
  return {
    nome_completo: unique('Dra. Matriz '),
    cpf: uniqueCpf(),
    data_nascimento: '1980-04-12',
    crm: '123456',
    crm_estado: 'SP',
    especialidades: ['Cardiologia'],
    email: email('medica'),
    modalidade_atendimento: 'Online',
    tempo_medio_consulta: '30',
    agenda: [{ diaSemana: 1, inicio: '08:00', fim: '12:00' }],
  };
}

function professionalForm(): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(professionalFields()))
    form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  const file = (content: Buffer, type: string) => new Blob([new Uint8Array(content)], { type });
  form.append('foto_medico', file(PNG, 'image/png'), 'foto.png');
  form.append('copia_crm', file(PDF, 'application/pdf'), 'crm.pdf');
  form.append('termo_aceite', file(PDF, 'application/pdf'), 'termo.pdf');
  return form;
}

/** A signed file link for the demo administrator's current sessions (in scope), or the bare path (out: no signature). */
async function fileLink(path: string, target: CaseTarget): Promise<CaseRequest> {
  if (target.scope === 'out') return { url: path };
  const { adminId } = target.fx.demo;
  const [admin] = await target.fx.db.select().from(administrators).where(eq(administrators.id, adminId));
  // Any session id of the account's that 'Sair' did not end opens the link.
  return {
    url: createLinkSigner(target.jwtSecret).sign(path, { accountId: adminId, tokenVersion: admin.tokenVersion, sessionId: randomUUID() }),
  };
}

/** A Pix charge waiting at the sandbox gateway, as POST /api/payment/pix leaves it: its order id. */
async function waitingPixOrder(fx: ScopeFixtures): Promise<string> {
  const paymentId = unique('pay_matriz_');
  const [attempt] = await fx.db
    .insert(paymentAttempts)
    .values({
      idempotencyKey: randomUUID(),
      requestFingerprint: 'matriz',
      plan: 'consulta_avulsa',
      amount: '39.90',
      status: 'waiting',
      paymentMethod: 'pix',
      buyer: checkoutBuyer(),
      gateway: 'sandbox',
      gatewayPaymentId: paymentId,
      pixPayload: '000201',
      pixImage: 'iVBORw0KGgo=',
      pixExpiresAt: new Date(Date.now() + 60 * 60 * 1000),
    })
    .returning();
  await fx.db.insert(sandboxCharges).values({ orderId: attempt.orderId, outcome: 'pix', paymentId, value: '39.90', status: 'PENDING' });
  return attempt.orderId;
}

const someAddress = () => `10.77.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export const ACCESS_TABLE: readonly RouteAccess[] = [
  // Health, session and checkout
  { method: 'GET', url: '/api/health', access: 'public' },
  {
    method: 'POST',
    url: '/api/auth/login',
    access: 'public',
    request: () => ({ url: '/api/auth/login', payload: { email: 'admin@demo.com.br', senha: DEMO_PASSWORD, userType: 'ADMINISTRADOR' } }),
  },
  { method: 'GET', url: '/api/auth/verify', access: 'signed-in' },
  { method: 'POST', url: '/api/auth/logout', access: 'signed-in', endsSession: true },
  {
    method: 'POST',
    url: '/api/auth/change-password',
    access: 'signed-in',
    endsSession: true,
    request: () => ({ url: '/api/auth/change-password', payload: { currentPassword: DEMO_PASSWORD, newPassword: 'nova-senha-1' } }),
  },
  { method: 'GET', url: '/api/checkout/config', access: 'public' },
  {
    method: 'GET',
    url: '/api/payment/orders/:orderId',
    access: 'public',
    publicCases: true,
    // The order id is the key, whoever asks: a confirmed order shows, an unknown id is 404.
    request: async ({ scope, fx }) => {
      if (scope === 'out') return { url: `/api/payment/orders/${randomUUID()}` };
      const [attempt] = await fx.db
        .insert(paymentAttempts)
        .values({
          idempotencyKey: randomUUID(),
          requestFingerprint: 'matriz',
          plan: 'consulta_avulsa',
          amount: '39.90',
          status: 'approved',
          buyer: checkoutBuyer(),
          gateway: 'sandbox',
        })
        .returning();
      return { url: `/api/payment/orders/${attempt.orderId}` };
    },
  },
  {
    method: 'POST',
    url: '/api/payment',
    access: 'public',
    request: () => ({
      url: '/api/payment',
      payload: checkoutBody(),
      headers: { 'idempotency-key': randomUUID() },
      remoteAddress: someAddress(),
    }),
  },
  {
    method: 'POST',
    url: '/api/payment/pix',
    access: 'public',
    request: () => {
      const { creditCard: _card, ...buyer } = checkoutBody();
      return { url: '/api/payment/pix', payload: buyer, headers: { 'idempotency-key': randomUUID() }, remoteAddress: someAddress() };
    },
  },
  {
    method: 'GET',
    url: '/api/payment/pix/:orderId',
    access: 'public',
    publicCases: true,
    // The order id is the key, whoever asks: a waiting charge answers, an unknown id is 404.
    request: async ({ scope, fx }) => ({
      url: `/api/payment/pix/${scope === 'out' ? randomUUID() : await waitingPixOrder(fx)}`,
      remoteAddress: someAddress(),
    }),
  },
  {
    method: 'POST',
    url: '/api/payment/pix/:orderId/simulate',
    access: 'public',
    publicCases: true,
    request: async ({ scope, fx }) => ({
      url: `/api/payment/pix/${scope === 'out' ? randomUUID() : await waitingPixOrder(fx)}/simulate`,
      remoteAddress: someAddress(),
    }),
  },
  {
    method: 'GET',
    url: '/api/cep/:cep',
    access: 'public',
    // The suite's app never reaches ViaCEP (CEP_PROVIDER=off): a malformed CEP answers everyone the
    // same 400 before any lookup. The lookup itself is tested against a fake ViaCEP in routes/cep.test.ts.
    publicAnswer: 400,
    request: () => ({ url: '/api/cep/0131', remoteAddress: someAddress() }),
  },
  {
    method: 'POST',
    url: '/api/payment/webhook/asaas',
    access: 'public',
    // Public for the bearer token; the gateway's own token guards it (tested in paymentsWebhook.test.ts).
    request: () => ({
      url: '/api/payment/webhook/asaas',
      headers: { 'asaas-access-token': 'test-webhook-token' },
      payload: { id: unique('evt_'), event: 'PAYMENT_CREATED', payment: { id: unique('pay_') } },
    }),
  },

  // Parameters
  { method: 'GET', url: '/api/parametros', access: ADMIN },
  {
    method: 'PUT',
    url: '/api/parametros/:id',
    access: ADMIN,
    record: 'parameter',
    // Sends the value it has, so no later case sees a changed setting.
    request: async ({ record, fx }) => {
      const [row] = await fx.db
        .select()
        .from(parameters)
        .where(eq(parameters.id, Number(record)));
      return { url: `/api/parametros/${record}`, payload: { valor: row?.valor ?? '1' } };
    },
  },
  { method: 'GET', url: '/api/parametros/:id/historico', access: ADMIN, record: 'parameter' },

  // Partners
  { method: 'GET', url: '/api/partners', access: ALL_STAFF, shows: 'partner' },
  { method: 'GET', url: '/api/partners/export', access: ALL_STAFF, shows: 'partner' },
  { method: 'GET', url: '/api/partners/options', access: ALL_STAFF, shows: 'partner' },
  { method: 'GET', url: '/api/partners/:id', access: ALL_STAFF, record: 'partner' },
  {
    method: 'GET',
    url: '/api/partners/:id/logo',
    access: 'public',
    publicCases: true,
    request: async ({ scope, fx }) => {
      if (scope === 'out') return { url: `/api/partners/${MISSING.id}/logo` };
      const partnerId = await fx.freshPartner();
      await fx.db.insert(partnerLogos).values({ partnerId, mimeType: 'image/png', content: PNG });
      return { url: `/api/partners/${partnerId}/logo` };
    },
  },
  {
    method: 'POST',
    url: '/api/partners',
    access: ADMIN,
    success: 201,
    request: () => ({
      url: '/api/partners',
      payload: { nome: unique('Parceiro '), cnpj: uniqueCnpj(), email: email('p'), senha: 'segredo-9' },
    }),
  },
  {
    method: 'PUT',
    url: '/api/partners/:id',
    access: ADMIN,
    record: 'partner',
    fresh: true,
    request: ({ record }) => ({
      url: `/api/partners/${record}`,
      payload: { nome: unique('Parceiro '), cnpj: uniqueCnpj(), email: email('p') },
    }),
  },
  { method: 'DELETE', url: '/api/partners/:id', access: ADMIN, record: 'partner', fresh: true },

  // Branches: a partner user's new branch goes under its own partner whatever the body names.
  { method: 'GET', url: '/api/branches', access: PARTNER_STAFF, shows: 'branch' },
  { method: 'GET', url: '/api/branches/export', access: PARTNER_STAFF, shows: 'branch' },
  { method: 'GET', url: '/api/branches/options', access: PARTNER_STAFF, shows: 'branch' },
  { method: 'GET', url: '/api/branches/:id', access: PARTNER_STAFF, record: 'branch' },
  {
    method: 'POST',
    url: '/api/branches',
    access: PARTNER_STAFF,
    success: 201,
    record: 'partner',
    answer: (type, scope) => (type === 'PARCEIRO' && scope === 'out' ? 201 : undefined),
    request: ({ record }) => ({
      url: '/api/branches',
      payload: { id_parceiro: record, titulo: unique('Filial '), email: email('f'), senha: 'segredo-9' },
    }),
  },
  {
    method: 'PUT',
    url: '/api/branches/:id',
    access: PARTNER_STAFF,
    record: 'branch',
    fresh: true,
    request: ({ record, fx }) => ({
      url: `/api/branches/${record}`,
      payload: { id_parceiro: fx.demo.partnerId, titulo: unique('Filial '), email: email('f') },
    }),
  },
  { method: 'DELETE', url: '/api/branches/:id', access: PARTNER_STAFF, record: 'branch', fresh: true },

  // Resellers: a branch user's new reseller goes under its own branch whatever the body names.
  // A list answers one page: the newest first, where the matrix's own records are.
  {
    method: 'GET',
    url: '/api/resellers',
    access: ALL_STAFF,
    shows: 'reseller',
    request: () => ({ url: '/api/resellers?pageSize=100&sort=data_registro:desc' }),
  },
  { method: 'GET', url: '/api/resellers/export', access: ALL_STAFF, shows: 'reseller' },
  { method: 'GET', url: '/api/resellers/:id', access: ALL_STAFF, record: 'reseller' },
  {
    method: 'POST',
    url: '/api/resellers',
    access: ALL_STAFF,
    success: 201,
    record: 'branch',
    answer: (type, scope) => (type === 'FILIAL' && scope === 'out' ? 201 : undefined),
    request: ({ record }) => ({
      url: '/api/resellers',
      payload: { id_filial: record, nome: unique('Revendedor '), cpf: uniqueCpf(), email: email('r'), senha: 'segredo-9' },
    }),
  },
  {
    method: 'PUT',
    url: '/api/resellers/:id',
    access: ALL_STAFF,
    record: 'reseller',
    fresh: true,
    request: ({ record, fx }) => ({
      url: `/api/resellers/${record}`,
      payload: { id_filial: fx.demo.branchId, nome: unique('Revendedor '), cpf: uniqueCpf(), email: email('r') },
    }),
  },
  { method: 'DELETE', url: '/api/resellers/:id', access: ALL_STAFF, record: 'reseller', fresh: true },

  // Beneficiaries and sales: everyone signed in, each within its scope.
  // A list answers one page: the matrix's records, in and out of scope, all carry 'Matriz' in their name.
  {
    method: 'GET',
    url: '/api/beneficiaries',
    access: 'signed-in',
    shows: 'beneficiary',
    request: () => ({ url: '/api/beneficiaries?name=Matriz&pageSize=100' }),
  },
  { method: 'GET', url: '/api/beneficiaries/filters', access: 'signed-in', shows: 'reseller' },
  { method: 'GET', url: '/api/beneficiaries/export', access: 'signed-in', shows: 'beneficiary' },
  { method: 'GET', url: '/api/beneficiaries/cpf/:cpf', access: 'signed-in', record: 'beneficiaryCpf' },
  {
    method: 'POST',
    url: '/api/beneficiaries',
    access: 'signed-in',
    success: 201,
    // A dependant of a holder in scope; a holder out of scope is "not found" in the form (400).
    record: 'beneficiaryCpf',
    outOfScope: 400,
    // Resellers bring beneficiaries in through the checkout only.
    answer: (type) => (type === 'REVENDEDOR' ? 403 : undefined),
    request: ({ record }) => ({
      url: '/api/beneficiaries',
      payload: { beneficiaryType: 'dependente', holder: record, cpf: uniqueCpf(), name: unique('Dependente '), birthday: '2010-03-04' },
    }),
  },
  {
    method: 'PUT',
    url: '/api/beneficiaries/:uuid',
    access: 'signed-in',
    record: 'beneficiary',
    fresh: true,
    request: ({ record }) => ({ url: `/api/beneficiaries/${record}`, payload: { name: unique('Editado '), birthday: '1990-05-20' } }),
  },
  { method: 'DELETE', url: '/api/beneficiaries/:uuid', access: 'signed-in', record: 'beneficiary', fresh: true },
  { method: 'GET', url: '/api/reports/sales', access: 'signed-in' },
  { method: 'GET', url: '/api/reports/sales/filters', access: 'signed-in', shows: 'reseller' },
  { method: 'GET', url: '/api/reports/sales/export', access: 'signed-in' },

  // Care: administrators only.
  { method: 'GET', url: '/api/professionals', access: ADMIN },
  { method: 'GET', url: '/api/professionals/export.csv', access: ADMIN },
  { method: 'GET', url: '/api/professionals/:id', access: ADMIN, record: 'professional' },
  {
    method: 'POST',
    url: '/api/professionals',
    access: ADMIN,
    success: 201,
    request: () => ({ url: '/api/professionals', payload: professionalForm() }),
  },
  {
    method: 'PUT',
    url: '/api/professionals/:id',
    access: ADMIN,
    record: 'professional',
    fresh: true,
    request: ({ record }) => ({ url: `/api/professionals/${record}`, payload: professionalFields() }),
  },
  { method: 'DELETE', url: '/api/professionals/:id', access: ADMIN, record: 'professional', fresh: true },
  {
    method: 'GET',
    url: '/api/professionals/:id/files/:field',
    access: 'public',
    // Public for the bearer token (a new tab cannot send it); the signed link is the key.
    publicCases: true,
    outOfScope: 403,
    request: async (target) =>
      fileLink(professionalFilePath(Number(await target.fx.record('professional', 'ADMINISTRADOR', 'in')), 'copia_crm'), target),
  },
  { method: 'GET', url: '/api/specialties', access: ADMIN },
  {
    method: 'GET',
    url: '/api/specialty-availability',
    access: ADMIN,
    request: async ({ fx }) => {
      const day = toBrDate(addDays(todayIn(new Date()), 3));
      const specialty = await specialtyByName(fx.db, 'Cardiologia');
      return {
        url: `/api/specialty-availability?${new URLSearchParams({ specialtyUuid: specialty.uuid, dateInitial: day, dateFinal: day })}`,
      };
    },
  },
  { method: 'GET', url: '/api/appointments', access: ADMIN },
  { method: 'GET', url: '/api/appointments/export.csv', access: ADMIN },
  { method: 'GET', url: '/api/appointments/patients', access: ADMIN },
  { method: 'GET', url: '/api/appointments/:uuid', access: ADMIN, record: 'appointment' },
  {
    method: 'POST',
    url: '/api/appointments',
    access: ADMIN,
    success: 201,
    // The patient comes in the body: an unknown one is a form error (400).
    record: 'beneficiary',
    outOfScope: 400,
    request: async ({ record, succeeds, fx, adminToken }) => {
      const slot = succeeds ? await fx.freeSlot(adminToken) : { specialtyUuid: MISSING.uuid, availabilityUuid: 'sem-horario' };
      return { url: '/api/appointments', payload: { ...slot, beneficiaryUuid: record, approveAdditionalPayment: true } };
    },
  },
  { method: 'DELETE', url: '/api/appointments/:uuid', access: ADMIN, record: 'appointment', fresh: true },
  { method: 'GET', url: '/api/appointments/referrals', access: ADMIN },
  { method: 'GET', url: '/api/appointments/referrals/export.csv', access: ADMIN },
  {
    method: 'GET',
    url: '/api/referrals/:uuid/file',
    access: 'public',
    publicCases: true,
    outOfScope: 403,
    request: async (target) => fileLink(referralFilePath(await target.fx.referralWithFile()), target),
  },

  // Audit trail
  { method: 'GET', url: '/api/audit', access: ADMIN },
  { method: 'GET', url: '/api/audit/export', access: ADMIN },
  { method: 'GET', url: '/api/audit/beneficiaries/:uuid', access: 'signed-in', record: 'beneficiary' },

  // The API reference (development and demo only) and Swagger UI's own files
  { method: 'GET', url: '/api/docs/openapi.json', access: 'public' },
  { method: 'GET', url: '/api/docs', access: 'public' },
  { method: 'GET', url: '/api/docs/', access: 'public' },
  { method: 'GET', url: '/api/docs/json', access: 'public' },
  { method: 'GET', url: '/api/docs/yaml', access: 'public' },
  { method: 'GET', url: '/api/docs/static/index.html', access: 'public', publicAnswer: 302 },
  { method: 'GET', url: '/api/docs/static/swagger-initializer.js', access: 'public' },
  { method: 'GET', url: '/api/docs/static/*', access: 'public', request: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
];

export const PRINCIPALS = [
  'ADMINISTRADOR',
  'PARCEIRO',
  'FILIAL',
  'REVENDEDOR',
  'SEM_TOKEN',
  'EXPIRADO',
  'OUTRO_SEGREDO',
  'CONTA_INATIVA',
] as const;
export type PrincipalName = (typeof PRINCIPALS)[number];

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** What the table expects for one case. */
export function expectedAnswer(route: RouteAccess, principal: PrincipalName, scope?: Scope): number {
  const success = route.success ?? 200;
  if (route.access === 'public') return scope === 'out' ? (route.outOfScope ?? 404) : (route.publicAnswer ?? success);
  if (principal === 'SEM_TOKEN' || principal === 'EXPIRADO' || principal === 'OUTRO_SEGREDO' || principal === 'CONTA_INATIVA') return 401;
  if (route.access !== 'signed-in' && !route.access.includes(principal)) return 403;
  const special = route.answer?.(principal, scope);
  if (special !== undefined) return special;
  return scope === 'out' ? (route.outOfScope ?? 404) : success;
}

/** The scopes a route's cases cover: in and out for routes naming a record, one case otherwise. */
export const scopesOf = (route: RouteAccess): Array<Scope | undefined> => (route.record || route.publicCases ? ['in', 'out'] : [undefined]);
