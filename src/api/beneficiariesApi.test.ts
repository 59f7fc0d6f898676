import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import type { Beneficiary } from '../domain/beneficiaries';
import { beneficiaryRecord } from '../test/beneficiaryRecords';
import { server } from '../test/server';
import { apiSlice } from './apiSlice';
import { beneficiariesApi } from './beneficiariesApi';

/**
 * Toggling a beneficiary's status updates the cached list and the CPF look-up in place, before the
 * refetch: the row changes at once, and a holder inactivated takes its dependents with it.
 */

const HOLDER = beneficiaryRecord({});
const DEPENDENT = beneficiaryRecord({ id: 2, uuid: 'b-2', name: 'Dependente', cpf: '11144477735', holder: HOLDER.cpf });
const OTHER_HOLDER = beneficiaryRecord({ id: 3, uuid: 'b-3', name: 'Outro Titular', cpf: '39053344705' });
const OTHERS_DEPENDENT = beneficiaryRecord({ id: 4, uuid: 'b-4', name: 'Outro Dependente', cpf: '98765432100', holder: OTHER_HOLDER.cpf });
const PAGE = [HOLDER, DEPENDENT, OTHER_HOLDER, OTHERS_DEPENDENT];

const makeStore = () =>
  configureStore({
    reducer: { [apiSlice.reducerPath]: apiSlice.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(apiSlice.middleware),
  });

/** The server answers the page and the CPF look-ups, then a toggle with `isActive`, and holds every later read. */
function answers(isActive: boolean, page = PAGE) {
  server.use(
    http.get('*/api/beneficiaries', () => HttpResponse.json(page, { headers: { 'X-Total-Count': '2' } })),
    http.get('*/api/beneficiaries/cpf/:cpf', ({ params }) => HttpResponse.json(page.find((item) => item.cpf === params.cpf))),
    http.delete('*/api/beneficiaries/:uuid', () => {
      // The refetch that follows never answers: what the test reads is the in-place update.
      server.use(
        http.get('*/api/beneficiaries', () => new Promise<Response>(() => undefined)),
        http.get('*/api/beneficiaries/cpf/:cpf', () => new Promise<Response>(() => undefined)),
      );
      return HttpResponse.json({ success: true, message: 'ok', isActive });
    }),
  );
}

/** A store with the page and both look-ups cached, and what the tests do and read with it. */
async function cachedStore() {
  const store = makeStore();
  const list = store.dispatch(beneficiariesApi.endpoints.getBeneficiaries.initiate({ page: 1 }));
  const holder = store.dispatch(beneficiariesApi.endpoints.getBeneficiaryByCpf.initiate(HOLDER.cpf));
  const dependent = store.dispatch(beneficiariesApi.endpoints.getBeneficiaryByCpf.initiate(DEPENDENT.cpf));
  await Promise.all([list, holder, dependent]);
  const state = () => store.getState();
  return {
    toggle: ({ id, uuid }: Beneficiary) =>
      store.dispatch(beneficiariesApi.endpoints.toggleBeneficiaryStatus.initiate({ id, uuid })).unwrap(),
    activeInList: () =>
      Object.fromEntries(
        beneficiariesApi.endpoints.getBeneficiaries
          .select({ page: 1 })(state())
          .data!.items.map((item) => [item.name, item.isActive]),
      ),
    activeByCpf: (cpf: string) => beneficiariesApi.endpoints.getBeneficiaryByCpf.select(cpf)(state()).data?.isActive,
  };
}

describe('toggling a beneficiary’s status', () => {
  it('inactivates a holder in the cached list and look-up, with its own dependents only', async () => {
    answers(false);
    const cache = await cachedStore();
    await cache.toggle(HOLDER);
    expect(cache.activeInList()).toEqual({ Titular: false, Dependente: false, 'Outro Titular': true, 'Outro Dependente': true });
    expect(cache.activeByCpf(HOLDER.cpf)).toBe(false);
  });

  describe('with the same holder CPF under two partners (a CPF is unique within a partner only)', () => {
    const TWIN = beneficiaryRecord({ id: 5, uuid: 'b-5', name: 'Titular Homônimo', nome_parceiro: 'Outro Parceiro' });
    const TWINS_DEPENDENT = beneficiaryRecord({ id: 6, uuid: 'b-6', name: 'Dependente Do Homônimo', cpf: '71428793860', holder: TWIN.cpf });

    it.each([
      [HOLDER.name, HOLDER, { Titular: false, Dependente: false, 'Titular Homônimo': true, 'Dependente Do Homônimo': true }],
      [TWIN.name, TWIN, { Titular: true, Dependente: true, 'Titular Homônimo': false, 'Dependente Do Homônimo': false }],
    ])("inactivates '%s' with the dependents listed under it only", async (_name, toggled, expected) => {
      answers(false, [HOLDER, DEPENDENT, TWIN, TWINS_DEPENDENT, OTHER_HOLDER, OTHERS_DEPENDENT]);
      const cache = await cachedStore();
      await cache.toggle(toggled);
      expect(cache.activeInList()).toEqual({ ...expected, 'Outro Titular': true, 'Outro Dependente': true });
    });
  });

  it('activates a holder without touching its dependents (each is activated on its own)', async () => {
    const inactive = { isActive: false };
    answers(true, [{ ...HOLDER, ...inactive }, { ...DEPENDENT, ...inactive }, OTHER_HOLDER, OTHERS_DEPENDENT]);
    const cache = await cachedStore();
    await cache.toggle(HOLDER);
    expect(cache.activeInList()).toEqual({ Titular: true, Dependente: false, 'Outro Titular': true, 'Outro Dependente': true });
    expect([cache.activeByCpf(HOLDER.cpf), cache.activeByCpf(DEPENDENT.cpf)]).toEqual([true, false]);
  });

  it('inactivates a dependent alone, in the list and in its look-up', async () => {
    answers(false);
    const cache = await cachedStore();
    await cache.toggle(DEPENDENT);
    expect(cache.activeInList()).toEqual({ Titular: true, Dependente: false, 'Outro Titular': true, 'Outro Dependente': true });
    expect([cache.activeByCpf(HOLDER.cpf), cache.activeByCpf(DEPENDENT.cpf)]).toEqual([true, false]);
  });

  it('changes nothing when the server refuses', async () => {
    answers(false);
    server.use(http.delete('*/api/beneficiaries/:uuid', () => HttpResponse.json({ message: 'Sem permissão.' }, { status: 403 })));
    const cache = await cachedStore();
    await expect(cache.toggle(HOLDER)).rejects.toMatchObject({ status: 403 });
    expect(cache.activeInList()).toEqual({ Titular: true, Dependente: true, 'Outro Titular': true, 'Outro Dependente': true });
    expect(cache.activeByCpf(HOLDER.cpf)).toBe(true);
  });
});
