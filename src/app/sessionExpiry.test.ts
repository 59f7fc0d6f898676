import { http, HttpResponse } from 'msw';
import { partnersApi } from '../api/partnersApi';
import { beneficiariesApi } from '../api/beneficiariesApi';
import { signedInAs } from '../test/renderWithProviders';
import { server } from '../test/server';
import { makeStore } from './store';

/**
 * A 401 ends the session for the whole store: besides storage and the auth slice
 * (AppShell.test.tsx), the api cache is emptied, so the next user of this browser never sees the
 * previous one's lists, and a list opened again asks the server again.
 */

const PARTNER = { id: 7, nome: 'Parceiro do Usuário Anterior', cnpj: '11222333000181', email: 'p@exemplo.com.br', ativo: true };

function partnersAnswer(counter: { calls: number }) {
  return http.get('*/api/partners', () => {
    counter.calls++;
    return HttpResponse.json({ data: { data: [PARTNER] } }, { headers: { 'X-Total-Count': '1' } });
  });
}

describe('a 401', () => {
  it('empties the api cache: cached lists are gone and are asked for again', async () => {
    const partnerCalls = { calls: 0 };
    server.use(
      partnersAnswer(partnerCalls),
      http.get('*/api/beneficiaries', () => HttpResponse.json({ message: 'Sessão expirada.' }, { status: 401 })),
    );
    const store = makeStore(signedInAs('ADMINISTRADOR', 1, 'admin@demo.com.br'));
    const partners = store.dispatch(partnersApi.endpoints.getPartners.initiate({ page: 1 }));
    await partners;
    const cachedPartners = () => partnersApi.endpoints.getPartners.select({ page: 1 })(store.getState()).data;
    expect(cachedPartners()?.items).toEqual([PARTNER]);
    partners.unsubscribe();

    const beneficiaries = store.dispatch(beneficiariesApi.endpoints.getBeneficiaries.initiate({ page: 1 }));
    await beneficiaries;
    beneficiaries.unsubscribe();

    expect(cachedPartners()).toBeUndefined();
    expect(Object.keys(store.getState().api.queries)).toEqual([]);
    expect(localStorage.getItem('token')).toBeNull();

    // The list opened again goes to the server: nothing of the old session answers it.
    await store.dispatch(partnersApi.endpoints.getPartners.initiate({ page: 1 }));
    expect(partnerCalls.calls).toBe(2);
  });

  it.each([
    ['/parceiros?page=2', '7 /parceiros?page=2'],
    ['/', null],
    ['/login?expired=1', null],
  ])('a 401 on %s remembers %p for the same user’s next sign-in (never the sign-in page or the root)', async (path, remembered) => {
    window.history.pushState({}, '', path);
    server.use(http.get('*/api/beneficiaries', () => HttpResponse.json({ message: 'Sessão expirada.' }, { status: 401 })));
    localStorage.removeItem('redirectAfterLogin');
    const store = makeStore(signedInAs('ADMINISTRADOR', 7, 'admin@demo.com.br'));
    const beneficiaries = store.dispatch(beneficiariesApi.endpoints.getBeneficiaries.initiate({ page: 1 }));
    await beneficiaries;
    beneficiaries.unsubscribe();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('redirectAfterLogin')).toBe(remembered);
  });
});
