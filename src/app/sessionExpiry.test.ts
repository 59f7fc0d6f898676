import { http, HttpResponse } from 'msw';
import { partnersApi } from '../api/partnersApi';
import { authApi } from '../api/authApi';
import { beneficiariesApi } from '../api/beneficiariesApi';
import { checkoutApi, type PayArgs } from '../api/checkoutApi';
import { unauthorizedResponse } from '../api/sessionEvents';
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
    ['/parceiros?page=2', 'ADMINISTRADOR:7 /parceiros?page=2'],
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

  it('ends the session with the server’s reason, shown on the sign-in page, and whose session it was', async () => {
    server.use(http.get('*/api/beneficiaries', () => HttpResponse.json({ message: 'Conta inativada.' }, { status: 401 })));
    const store = makeStore(signedInAs('FILIAL', 12, 'filial@demo.com.br'));
    await store.dispatch(beneficiariesApi.endpoints.getBeneficiaries.initiate({ page: 1 }));
    expect(store.getState().auth).toMatchObject({
      isAuthenticated: false,
      user: null,
      sessionEndNotice: 'Conta inativada.',
      expiredOwner: 'FILIAL:12',
    });
  });

  it('ends it too for a download refused with 401 (a CSV export outside RTK Query)', () => {
    const store = makeStore(signedInAs('ADMINISTRADOR', 3));
    store.dispatch(unauthorizedResponse({ reason: 'Sessão expirada.' }));
    expect(store.getState().auth).toMatchObject({
      isAuthenticated: false,
      sessionEndNotice: 'Sessão expirada.',
      expiredOwner: 'ADMINISTRADOR:3',
    });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('is an answer, not an expiry, from the sign-in and the card payment: the session stays', async () => {
    server.use(
      http.post('*/api/auth/login', () => HttpResponse.json({ message: 'Credenciais inválidas' }, { status: 401 })),
      http.post('*/api/payment', () => HttpResponse.json({ success: false, error: 'Cartão recusado.' }, { status: 401 })),
    );
    const store = makeStore(signedInAs('ADMINISTRADOR', 1));
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.com.br', senha: 'errada1', userType: 'ADMINISTRADOR' }));
    await store.dispatch(checkoutApi.endpoints.pay.initiate({ payment: {}, idempotencyKey: 'k'.repeat(32) } as unknown as PayArgs));
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(localStorage.getItem('token')).toBe('test-token');
  });

  it.each([403, 404, 500])('a %i keeps the session', async (status) => {
    server.use(http.get('*/api/beneficiaries', () => HttpResponse.json({ message: 'Não.' }, { status })));
    const store = makeStore(signedInAs('ADMINISTRADOR', 1));
    await store.dispatch(beneficiariesApi.endpoints.getBeneficiaries.initiate({ page: 1 }));
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(localStorage.getItem('token')).toBe('test-token');
  });
});
