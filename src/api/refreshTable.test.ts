import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { configureStore } from '@reduxjs/toolkit';
import { server } from '../test/server';
import { apiSlice, type TagType } from './apiSlice';
import { REFRESHES, TAG_READERS, type RefreshingMutation } from './refreshTable';
// Every resource's endpoints, injected into the one api slice.
import './appointmentsApi';
import './auditApi';
import './authApi';
import './beneficiariesApi';
import './branchesApi';
import './checkoutApi';
import './parametersApi';
import './partnersApi';
import './professionalsApi';
import './referralsApi';
import './reportApi';
import './resellersApi';

/** An argument each reader can be asked with. */
const READER_ARGS: Record<string, unknown> = {
  getProfessionals: { page: 1 },
  getProfessional: 1,
  getBeneficiaries: { page: 1 },
  getBeneficiaryByCpf: '52998224725',
  getBeneficiaryFilters: undefined,
  getPatients: '',
  getAppointments: { page: 1 },
  getAppointment: 'consulta-1',
  getAvailability: { specialtyUuid: 'especialidade-1', dateInitial: '01/01/2027', dateFinal: '31/01/2027' },
  getReferrals: { page: 1 },
  getPendingReferrals: '',
  getPartners: { page: 1 },
  getPartnerOptions: undefined,
  getBranches: { page: 1 },
  getBranchOptions: 1,
  getResellers: { page: 1 },
  getSalesReport: { page: 1 },
  getSalesReportFilters: undefined,
  getParameters: undefined,
  getParameterHistory: { id: 1, page: 1 },
  checkoutConfig: undefined,
};

/** Queries no change in this browser refreshes, and why. */
const NOT_REFRESHED: Record<string, string> = {
  verify: 'the signed-in user: read once per session',
  getSpecialties: 'a fixed list',
  getAuditEntries: 'never cached (keepUnusedDataFor 0, refetched on mount)',
  getBeneficiaryAudit: 'never cached (keepUnusedDataFor 0, refetched on mount)',
  orderConfirmation: 'a confirmed order does not change',
  pixChargeStatus: 'polled while the Pix panel is open (keepUnusedDataFor 0)',
};

const MUTATION_ARGS: Record<RefreshingMutation, unknown> = {
  login: { email: 'a@b.com', senha: 'segredo1', userType: 'ADMINISTRADOR' },
  logout: undefined,
  changePassword: { currentPassword: 'segredo1', newPassword: 'segredo2' },
  pay: { payment: {}, idempotencyKey: 'chave-de-teste-0001' },
  createPixCharge: { payment: {}, idempotencyKey: 'chave-de-teste-0002' },
  simulatePixPayment: 'pedido-1',
  createBeneficiary: {},
  updateBeneficiary: { id: 1, uuid: 'beneficiario-1', changes: {} },
  toggleBeneficiaryStatus: { id: 1, uuid: 'beneficiario-1' },
  createAppointment: {},
  cancelAppointment: 'consulta-1',
  createProfessional: new FormData(),
  updateProfessional: { id: 1, body: new FormData() },
  deleteProfessional: 1,
  createPartner: {},
  updatePartner: { id: 1, body: {} },
  deletePartner: 1,
  createBranch: {},
  updateBranch: { id: 1, body: {} },
  deleteBranch: 1,
  createReseller: {},
  updateReseller: { id: 1, body: {} },
  deleteReseller: 1,
  updateParameter: { id: 1, valor: 'novo' },
};

/** A store with the api slice alone (shared code does not import the app's store). */
const makeStore = () =>
  configureStore({
    reducer: { [apiSlice.reducerPath]: apiSlice.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(apiSlice.middleware),
  });
type AppStore = ReturnType<typeof makeStore>;

type AnyEndpoint = { initiate: (arg: unknown) => unknown; useMutation?: unknown; useQuery?: unknown };
const endpoints = apiSlice.endpoints as unknown as Record<string, AnyEndpoint>;
const endpointNames = (kind: 'useMutation' | 'useQuery') => Object.keys(endpoints).filter((name) => kind in endpoints[name]);

/** Every reader subscribed; reads answer 500 (a failed list still provides its tags), writes `mutationStatus`. */
async function subscribeAllReaders(store: AppStore, mutationStatus: number) {
  server.use(
    // A record read that failed provides no tag (nothing to refresh): this one answers.
    http.get('*/api/beneficiaries/cpf/:cpf', ({ params }) =>
      HttpResponse.json({ id: 1, uuid: 'beneficiario-1', cpf: params.cpf, name: 'Ana', isActive: true }),
    ),
    http.get('*/api/*', () => HttpResponse.json({ message: 'falha de teste' }, { status: 500 })),
    http.all('*/api/*', () => HttpResponse.json({ success: true, isActive: false, message: 'ok' }, { status: mutationStatus })),
  );
  const subscriptions = Object.entries(READER_ARGS).map(([name, arg]) => {
    const subscription = store.dispatch(endpoints[name].initiate(arg) as never) as unknown as { queryCacheKey: string } & Promise<unknown>;
    return { name, subscription };
  });
  await Promise.all(subscriptions.map(({ subscription }) => subscription));
  return subscriptions;
}

const requestIds = (store: AppStore, subscriptions: Array<{ name: string; subscription: { queryCacheKey: string } }>) =>
  Object.fromEntries(
    subscriptions.map(({ name, subscription }) => [name, store.getState().api.queries[subscription.queryCacheKey]?.requestId]),
  );

const settled = (store: AppStore) => Object.values(store.getState().api.queries).every((query) => query?.status !== 'pending');

async function readersRefreshedBy(mutation: RefreshingMutation, mutationStatus: number): Promise<string[]> {
  const store = makeStore();
  const subscriptions = await subscribeAllReaders(store, mutationStatus);
  const before = requestIds(store, subscriptions);
  await store.dispatch(endpoints[mutation].initiate(MUTATION_ARGS[mutation]) as never);
  // Give the invalidation its tick, then let every refetch it started finish.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await waitFor(() => expect(settled(store)).toBe(true));
  const after = requestIds(store, subscriptions);
  return Object.keys(before)
    .filter((name) => before[name] !== after[name])
    .sort();
}

const readersOf = (tags: readonly TagType[]) => [...new Set(tags.flatMap((tag) => TAG_READERS[tag] ?? []))].sort();

/**
 * What each change must refresh, written out screen by screen apart from REFRESHES (a row dropped
 * or a tag mistyped there would otherwise agree with itself): the lists, records, pickers and
 * reports that show what the change touched.
 */
const PARTNER_SCREENS = ['getPartners', 'getPartnerOptions'];
const BRANCH_SCREENS = ['getBranches', 'getBranchOptions'];
const BENEFICIARY_SCREENS = ['getBeneficiaries', 'getBeneficiaryByCpf'];
const REPORT_SCREENS = ['getSalesReport', 'getSalesReportFilters'];
const CARE_SCREENS = ['getAppointments', 'getAppointment', 'getAvailability'];
const REFERRAL_SCREENS = ['getReferrals', 'getPendingReferrals'];
const MUST_REFRESH: Record<RefreshingMutation, string[]> = {
  login: [],
  logout: [],
  changePassword: [],
  pay: [...REPORT_SCREENS, ...BENEFICIARY_SCREENS, 'getPatients'],
  createPixCharge: [],
  simulatePixPayment: [...REPORT_SCREENS, ...BENEFICIARY_SCREENS, 'getPatients'],
  createBeneficiary: [...BENEFICIARY_SCREENS, 'getBeneficiaryFilters', 'getPatients'],
  updateBeneficiary: [...BENEFICIARY_SCREENS, 'getPatients', 'getAppointments', 'getAppointment', ...REFERRAL_SCREENS],
  toggleBeneficiaryStatus: ['getPatients'],
  createAppointment: [...CARE_SCREENS, ...REFERRAL_SCREENS],
  cancelAppointment: [...CARE_SCREENS, ...REFERRAL_SCREENS],
  createProfessional: ['getProfessionals', 'getProfessional', 'getAvailability'],
  updateProfessional: ['getProfessionals', 'getProfessional', ...CARE_SCREENS, ...REFERRAL_SCREENS],
  deleteProfessional: ['getProfessionals', 'getProfessional', ...CARE_SCREENS, ...REFERRAL_SCREENS],
  createPartner: [...PARTNER_SCREENS, 'getBeneficiaryFilters', ...REPORT_SCREENS],
  updatePartner: [
    ...PARTNER_SCREENS,
    ...BRANCH_SCREENS,
    'getResellers',
    ...BENEFICIARY_SCREENS,
    'getBeneficiaryFilters',
    ...REPORT_SCREENS,
  ],
  deletePartner: [...PARTNER_SCREENS, 'getBeneficiaryFilters', ...REPORT_SCREENS],
  createBranch: [...BRANCH_SCREENS, 'getBeneficiaryFilters', ...REPORT_SCREENS],
  updateBranch: [...BRANCH_SCREENS, 'getResellers', ...BENEFICIARY_SCREENS, 'getBeneficiaryFilters', ...REPORT_SCREENS],
  deleteBranch: [...BRANCH_SCREENS, 'getBeneficiaryFilters', ...REPORT_SCREENS],
  createReseller: ['getResellers', 'getBeneficiaryFilters', ...REPORT_SCREENS],
  updateReseller: ['getResellers', ...BENEFICIARY_SCREENS, 'getBeneficiaryFilters', ...REPORT_SCREENS],
  deleteReseller: ['getResellers', 'getBeneficiaryFilters', ...REPORT_SCREENS],
  updateParameter: ['getParameters', 'getParameterHistory', 'checkoutConfig'],
};

describe('the refresh table', () => {
  it('has a row for every mutation, and every query is either a reader of a tag or said not to be refreshed', () => {
    expect(endpointNames('useMutation').sort()).toEqual(Object.keys(REFRESHES).sort());
    const readers = Object.values(TAG_READERS).flat();
    expect(endpointNames('useQuery').sort()).toEqual([...readers, ...Object.keys(NOT_REFRESHED)].sort());
    expect(Object.keys(READER_ARGS).sort()).toEqual([...readers].sort());
    expect(Object.keys(MUST_REFRESH).sort()).toEqual(Object.keys(REFRESHES).sort());
  });

  it.each(Object.keys(MUST_REFRESH) as RefreshingMutation[])(
    '%s, once it succeeded, refreshes exactly the screens it must',
    async (mutation) => {
      const expected = [...new Set(MUST_REFRESH[mutation])].sort();
      expect(await readersRefreshedBy(mutation, 200)).toEqual(expected);
      expect(readersOf(REFRESHES[mutation])).toEqual(expected);
    },
  );

  it.each(Object.keys(REFRESHES).filter((name) => REFRESHES[name as RefreshingMutation].length) as RefreshingMutation[])(
    '%s, when it failed, refreshes nothing',
    async (mutation) => {
      expect(await readersRefreshedBy(mutation, 500)).toEqual([]);
    },
  );

  it('makes a partner’s rename reach the beneficiaries’ filter options, the report and its filters', () => {
    expect(readersOf(REFRESHES.updatePartner)).toEqual(
      expect.arrayContaining(['getBeneficiaryFilters', 'getSalesReport', 'getSalesReportFilters', 'getBranches', 'getResellers']),
    );
    expect(readersOf(REFRESHES.toggleBeneficiaryStatus)).toEqual(['getPatients']);
    expect(readersOf(REFRESHES.pay)).toEqual(expect.arrayContaining(['getSalesReport', 'getBeneficiaries']));
  });
});
