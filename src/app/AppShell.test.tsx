import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { sessionEndedInactiveMessage } from '../domain/messages';
import { renderApp, signedInAs } from '../test/renderWithProviders';
import { server } from '../test/server';
import { LAPTOP_WIDTH, PHONE_WIDTH, styleAtWidth } from '../test/styleAtWidth';
import { routes } from './routes';

const verifyAnswers = (nome = 'Fulano de Tal') =>
  server.use(
    // The account of the token: the one each test signed in as.
    http.get('*/api/auth/verify', () =>
      HttpResponse.json({ user: { id: 1, nome, email: 'usuario@teste.com.br', userType: localStorage.getItem('userType') } }),
    ),
    http.get('*/api/checkout/config', () => HttpResponse.json({ companyName: 'Saúde Já Ltda.' })),
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

// The spec's ten entries, in its order.
const SPEC_MENU = [
  'Profissionais',
  'Beneficiários',
  'Parceiros',
  'Filiais',
  'Revendedores',
  'Agendamentos',
  'Encaminhamentos',
  'Relatório de Vendas',
  'Gestão do Site',
  'Configurações',
];

describe('staff shell', () => {
  it.each([
    ['ADMINISTRADOR', '/site', SPEC_MENU],
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
    // 'nome_empresa' names the company in the header.
    expect(within(screen.getByRole('banner')).getByText('Saúde Já Ltda.')).toBeInTheDocument();
  });

  it("keeps the company's name readable on a phone: the header's links give up their texts, not the name", async () => {
    verifyAnswers('Administrador Demo');
    renderApp(routes, { route: '/site', preloadedState: signedInAs('ADMINISTRADOR') });
    const header = await screen.findByRole('banner');
    const title = await within(header).findByText('Saúde Já Ltda.');
    // At 390 px it was cut to 'S…' (one line, ellipsis): it now takes the room left, and may wrap to a second line.
    for (const width of [PHONE_WIDTH, LAPTOP_WIDTH]) {
      expect(styleAtWidth(title, 'white-space', width)).not.toBe('nowrap');
      expect(styleAtWidth(title, 'text-overflow', width)).not.toBe('ellipsis');
      expect(styleAtWidth(title, 'min-width', width)).toBe('0');
    }
    expect(styleAtWidth(title, '-webkit-line-clamp', PHONE_WIDTH)).toBe('2');

    // The links keep their names (read aloud, and shown from 768 px); on a phone only their icons show.
    const audit = within(header).getByRole('link', { name: 'Auditoria' });
    const profile = await within(header).findByRole('link', { name: /Meu Perfil\s+Administrador Demo/ });
    for (const text of [within(audit).getByText('Auditoria'), within(profile).getByText('Administrador Demo').parentElement!]) {
      expect(styleAtWidth(text, 'position', PHONE_WIDTH)).toBe('absolute');
      expect(styleAtWidth(text, 'clip', PHONE_WIDTH)).toBe('rect(0, 0, 0, 0)');
      expect(styleAtWidth(text, 'position', LAPTOP_WIDTH)).toBe('static');
    }
  });

  it('sends a visitor without a token to /login, remembering the path in the navigation, not in storage', async () => {
    const { router } = renderApp(routes, { route: '/agendamentos?page=2' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/agendamentos?page=2', owner: null });
    expect(localStorage.getItem('redirectAfterLogin')).toBeNull();
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
    expect(store.getState().auth).toMatchObject({ user: null, isAuthenticated: false });
    // The page is remembered for the user whose session it was (partner 1) only.
    expect(router.state.location.state).toEqual({ from: '/relatorio-vendas', owner: 'PARCEIRO:1' });
    expect(await screen.findByRole('heading', { name: 'Acesso ao Sistema' })).toBeInTheDocument();
    // The server's reason is shown there.
    expect(screen.getByRole('alert')).toHaveTextContent('Sessão expirada.');
  });

  it('lands a session cut by a deactivation on /login, saying why and whom to ask', async () => {
    server.use(http.get('*/api/auth/verify', () => HttpResponse.json({ message: sessionEndedInactiveMessage('FILIAL') }, { status: 401 })));
    const { router } = renderApp(routes, { route: '/revendedores', preloadedState: signedInAs('FILIAL') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(sessionEndedInactiveMessage('FILIAL'))).toBeInTheDocument();
  });

  it("'Sair' forgets the page remembered for after sign-in", async () => {
    verifyAnswers();
    server.use(http.post('*/api/auth/logout', () => HttpResponse.json({ success: true })));
    localStorage.setItem('redirectAfterLogin', 'REVENDEDOR:1 /agendamentos');
    const { router, user } = renderApp(routes, { route: '/beneficiarios', preloadedState: signedInAs('REVENDEDOR') });
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('redirectAfterLogin')).toBeNull();
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

  it('shows the error page for unknown routes, dressed as the portal, with a way back', async () => {
    renderApp(routes, { route: '/nao-existe/mesmo', preloadedState: signedInAs('ADMINISTRADOR') });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('A página procurada não existe.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Portal Saúde' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
  });
});
