import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createRoot, type Root } from 'react-dom/client';
import { makeStore } from '../app/store';
import { createPortalSystem } from '../components/theme/createPortalSystem';
import { shellTheme } from '../components/theme/shellTheme';
import LoginPage from '../features/auth/components/LoginPage';
import { signedInAs } from '../test/renderWithProviders';
import { server } from '../test/server';
import { loginApp } from './loginApp';

const system = createPortalSystem(shellTheme);
let root: Root | undefined;

/** /login's first load as src/index.tsx starts it: the login screen alone, in a root of its own. */
function openLogin(
  options: { preloadedState?: Parameters<typeof makeStore>[0]; openPage?: (path: string) => void; Screen?: typeof LoginPage } = {},
) {
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  const tree = loginApp(options.Screen ?? LoginPage, {
    store: makeStore(options.preloadedState),
    container,
    system,
    root,
    openPage: options.openPage,
  });
  act(() => root!.render(tree));
  return userEvent.setup();
}

function signInAnswers(userType: string) {
  server.use(
    http.post('*/api/auth/login', () => HttpResponse.json({ token: 'tok-1', user: { id: 7, nome: 'Fulano', email: 'f@x.com', userType } })),
    http.get('*/api/auth/verify', () => HttpResponse.json({ user: { id: 7, nome: 'Fulano', email: 'f@x.com', userType } })),
    http.get('*/api/checkout/config', () => HttpResponse.json({ companyName: 'Saúde Já Ltda.' })),
    // The landing screens' own calls, answered empty: these tests look at the way there.
    http.get('*/api/professionals', () => HttpResponse.json({ data: [] }, { headers: { 'X-Total-Count': '0' } })),
    http.get('*/api/specialties', () => HttpResponse.json([])),
    http.get('*/api/appointments*', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    http.get('*/api/branches', () => HttpResponse.json({ data: { data: [] } }, { headers: { 'X-Total-Count': '0' } })),
  );
}

async function signIn(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.selectOptions(await screen.findByLabelText('Tipo de Usuário'), label);
  await user.type(screen.getByLabelText('Email'), 'f@x.com');
  await user.type(screen.getByLabelText('Senha'), 'segredo1');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

beforeEach(() => window.history.replaceState(null, '', '/login'));
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

describe('/login on its first load (the login screen without the router)', () => {
  it('signs in, puts the landing page in the address bar and opens the staff app there, the toast still showing', async () => {
    signInAnswers('ADMINISTRADOR');
    const user = openLogin();
    expect(screen.getByRole('heading', { name: 'Acesso ao Sistema' })).toBeInTheDocument();
    await signIn(user, 'Administrador');
    const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(window.location.pathname).toBe('/profissionais');
    expect(within(menu).getByRole('link', { current: 'page' })).toHaveAttribute('href', '/profissionais');
    expect(screen.queryByRole('heading', { name: 'Acesso ao Sistema' })).not.toBeInTheDocument();
    expect(screen.getByText('Login realizado com sucesso!')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  it('after a reload, still takes the user to the page the router sent the tab from', async () => {
    signInAnswers('ADMINISTRADOR');
    // What RequireAuth's navigation left in this history entry (react-router keeps it under `usr`).
    window.history.replaceState({ usr: { from: '/agendamentos?page=3' }, key: 'k1', idx: 0 }, '', '/login');
    const user = openLogin();
    await signIn(user, 'Administrador');
    await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/agendamentos?page=3');
  });

  it('forwards a session already there to its landing page', async () => {
    signInAnswers('PARCEIRO');
    openLogin({ preloadedState: signedInAs('PARCEIRO') });
    await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(window.location.pathname).toBe('/filiais');
  });

  it('hands a login screen that fails to render over to the router, whose route renders it again', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = (): never => {
      throw new Error('render failed');
    };
    openLogin({ Screen: Broken });
    expect(await screen.findByRole('heading', { name: 'Acesso ao Sistema' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    errors.mockRestore();
  });
});
