import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MENU_ENTRIES } from '../domain/navigation';
import { renderApp, signedInAs } from '../test/renderWithProviders';
import { server } from '../test/server';
import { routes } from './routes';

const verifyAnswers = (nome = 'Fulano de Tal') =>
  server.use(
    http.get('*/api/auth/verify', () => HttpResponse.json({ user: { nome, email: 'usuario@teste.com.br' } })),
    // The landing screens' own calls, answered empty: these tests look at the shell around them.
    http.get('*/api/parametros', () => HttpResponse.json({ data: { data: [] } })),
    http.get('*/api/branches', () => HttpResponse.json({ data: { data: [] } }, { headers: { 'X-Total-Count': '0' } })),
    http.get('*/api/resellers', () => HttpResponse.json({ data: { data: [] } }, { headers: { 'X-Total-Count': '0' } })),
    http.get('*/api/beneficiaries/filters', () => HttpResponse.json({ partners: [], branches: [], resellers: [] })),
    http.get('*/api/beneficiaries', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  );

async function menuLabels() {
  const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
  await within(menu).findAllByRole('link');
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('staff shell', () => {
  it.each([
    ['ADMINISTRADOR', '/site', MENU_ENTRIES.map((entry) => entry.label)],
    ['PARCEIRO', '/filiais', ['Filiais', 'Revendedores', 'Relatório de Vendas']],
    ['FILIAL', '/revendedores', ['Revendedores', 'Relatório de Vendas']],
    ['REVENDEDOR', '/beneficiarios', ['Beneficiários']],
  ] as const)('shows a %s exactly its menu, with the active entry highlighted', async (userType, path, labels) => {
    verifyAnswers();
    renderApp(routes, { route: path, preloadedState: signedInAs(userType) });
    expect(await menuLabels()).toEqual(labels);
    const active = screen.getAllByRole('link', { current: 'page' });
    expect(active.map((link) => link.getAttribute('href'))).toContain(path);
    expect(await screen.findByText('Fulano de Tal')).toBeInTheDocument();
  });

  it('sends a visitor without a token to /login, remembering the path', async () => {
    const { router } = renderApp(routes, { route: '/agendamentos?page=2' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('redirectAfterLogin')).toBe('/agendamentos?page=2');
  });

  it('redirects the index to /profissionais', async () => {
    verifyAnswers();
    const { router } = renderApp(routes, { route: '/', preloadedState: signedInAs('ADMINISTRADOR') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profissionais'));
  });

  it('sends a user type away from a screen outside its menu', async () => {
    verifyAnswers();
    const { router } = renderApp(routes, { route: '/profissionais', preloadedState: signedInAs('REVENDEDOR') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/beneficiarios'));
  });

  it('on any 401 clears the stored session, resets the store and goes to /login', async () => {
    server.use(http.get('*/api/auth/verify', () => HttpResponse.json({ message: 'Sessão expirada.' }, { status: 401 })));
    const { router, store } = renderApp(routes, { route: '/relatorio-vendas', preloadedState: signedInAs('PARCEIRO') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(['token', 'userEmail', 'userType', 'userId'].map((key) => localStorage.getItem(key))).toEqual([null, null, null, null]);
    expect(store.getState().auth).toEqual({ user: null, isAuthenticated: false });
    expect(localStorage.getItem('redirectAfterLogin')).toBe('/relatorio-vendas');
    expect(await screen.findByRole('heading', { name: 'Acesso ao Sistema' })).toBeInTheDocument();
  });

  it("'Sair' revokes the token, clears the session and goes to /login", async () => {
    verifyAnswers();
    let revoked = false;
    server.use(
      http.post('*/api/auth/logout', () => {
        revoked = true;
        return HttpResponse.json({ success: true });
      }),
    );
    const { router, user, store } = renderApp(routes, { route: '/beneficiarios', preloadedState: signedInAs('REVENDEDOR') });
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(revoked).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('shows the error page for unknown routes', async () => {
    renderApp(routes, { route: '/nao-existe/mesmo', preloadedState: signedInAs('ADMINISTRADOR') });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  });
});
