import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beneficiariesListRemembered } from '../features/beneficiaries/beneficiariesSlice';
import { selectBeneficiariesListQuery } from '../features/beneficiaries/selectors';
import { renderApp, signedInAs } from '../test/renderWithProviders';
import { server } from '../test/server';
import { routes } from './routes';

describe("'Sair'", () => {
  it('forgets where the session was: no page for the next sign-in, in storage or in the navigation, and no remembered list', async () => {
    server.use(
      http.get('*/api/auth/verify', () =>
        HttpResponse.json({ user: { id: 1, nome: 'Revendedor', email: 'usuario@teste.com.br', userType: 'REVENDEDOR' } }),
      ),
      http.get('*/api/checkout/config', () => HttpResponse.json({ companyName: 'Saúde Já' })),
      http.get('*/api/beneficiaries/filters', () => HttpResponse.json({ partners: [], branches: [], resellers: [] })),
      http.get('*/api/beneficiaries', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
      http.post('*/api/auth/logout', () => HttpResponse.json({ success: true })),
    );
    localStorage.setItem('redirectAfterLogin', '1 /beneficiarios?page=2');
    const { router, store, user } = renderApp(routes, { route: '/beneficiarios?name=ana', preloadedState: signedInAs('REVENDEDOR') });
    store.dispatch(beneficiariesListRemembered('name=ana'));
    await user.click(await screen.findByRole('button', { name: 'Sair' }, { timeout: 30_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 30_000 });
    expect(router.state.location.state ?? null).toBeNull();
    expect(localStorage.getItem('redirectAfterLogin')).toBeNull();
    expect(['token', 'userEmail', 'userType', 'userId'].map((key) => localStorage.getItem(key))).toEqual([null, null, null, null]);
    expect(selectBeneficiariesListQuery(store.getState())).toBe('');
    expect(store.getState().api.queries).toEqual({});
  });

  it('signs out at once while the server has not answered, revoking the token it held', async () => {
    let revoked: string | null = null;
    server.use(
      http.get('*/api/auth/verify', () =>
        HttpResponse.json({ user: { id: 1, nome: 'Filial', email: 'usuario@teste.com.br', userType: 'FILIAL' } }),
      ),
      http.get('*/api/checkout/config', () => HttpResponse.json({ companyName: 'Saúde Já' })),
      http.get('*/api/resellers', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
      http.post('*/api/auth/logout', ({ request }) => {
        revoked = request.headers.get('Authorization');
        return new Promise<never>(() => undefined);
      }),
    );
    const { router, user } = renderApp(routes, { route: '/revendedores', preloadedState: signedInAs('FILIAL') });
    await user.click(await screen.findByRole('button', { name: 'Sair' }, { timeout: 30_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(revoked).toBe('Bearer test-token'));
  });
});
