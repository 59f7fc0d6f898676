import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { authApi } from '../../../api/authApi';
import { accountInactiveMessage } from '../../../domain/messages';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import LoginRoute from './LoginRoute';

const landingRoutes = ['/profissionais', '/beneficiarios', '/filiais', '/revendedores', '/agendamentos'].map((path) => ({
  path,
  element: <h1>{path}</h1>,
}));

function renderLogin() {
  return renderWithProviders(<LoginRoute />, { route: '/login', routes: landingRoutes });
}

function loginAnswers(status: number, body: object) {
  server.use(http.post('*/api/auth/login', () => HttpResponse.json(body, { status })));
}

const okUser = (userType: string) => ({ token: 'tok-123', user: { id: 7, nome: 'Fulano', email: 'f@x.com', userType } });

describe('LoginPage', () => {
  it('shows the title, the type select defaulting to Revendedor with the spec options, the three fields marked required, and Entrar', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Acesso ao Sistema' })).toBeInTheDocument();
    const select = screen.getByLabelText('Tipo de Usuário') as HTMLSelectElement;
    expect(select.value).toBe('REVENDEDOR');
    expect([...select.options].map((option) => option.text)).toEqual(['Selecione', 'Revendedor', 'Filial', 'Parceiro', 'Administrador']);
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    for (const label of ['Tipo de Usuário', 'Email', 'Senha']) expect(screen.getByLabelText(label)).toBeRequired();
  });

  it('shows each validation message as an error toast and under its field, without calling the server', async () => {
    const { user } = renderLogin();
    await user.selectOptions(screen.getByLabelText('Tipo de Usuário'), '');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findAllByRole('alert');
    for (const message of ['Tipo de usuário é obrigatório', 'Email é obrigatório', 'Senha é obrigatória']) {
      // once in its toast, once under its field
      expect(screen.getAllByText(message)).toHaveLength(2);
      expect(screen.getAllByRole('alert').some((toast) => toast.textContent === message)).toBe(true);
    }
  });

  it('validates the e-mail format and the password length', async () => {
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'nao-e-email');
    await user.type(screen.getByLabelText('Senha'), '123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findAllByText('Digite um email válido')).toHaveLength(2);
    expect(screen.getAllByText('A senha deve ter no mínimo 6 caracteres')).toHaveLength(2);
  });

  it('shows "Credenciais inválidas." on 401', async () => {
    loginAnswers(401, { message: 'Credenciais inválidas.' });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'a@b.com');
    await user.type(screen.getByLabelText('Senha'), 'errada1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Credenciais inválidas.')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the generic message on other failures', async () => {
    loginAnswers(500, { message: 'Erro interno do servidor.' });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'a@b.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Erro ao fazer login. Verifique suas credenciais.')).toBeInTheDocument();
  });

  it('shows "Entrando..." while signing in', async () => {
    let release!: () => void;
    server.use(
      http.post('*/api/auth/login', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(okUser('REVENDEDOR'));
      }),
    );
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'a@b.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Entrando...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Login realizado com sucesso!')).toBeInTheDocument();
  });

  it.each([
    ['REVENDEDOR', 'Revendedor', '/beneficiarios'],
    ['PARCEIRO', 'Parceiro', '/filiais'],
    ['FILIAL', 'Filial', '/revendedores'],
    ['ADMINISTRADOR', 'Administrador', '/profissionais'],
  ])('stores the session of a %s (%s) and lands on %s', async (userType, label, landing) => {
    let sent: unknown;
    server.use(
      http.post('*/api/auth/login', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(okUser(userType));
      }),
    );
    const { user, router } = renderLogin();
    await user.selectOptions(screen.getByLabelText('Tipo de Usuário'), label);
    await user.type(screen.getByLabelText('Email'), 'f@x.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(landing));
    expect(sent).toEqual({ email: 'f@x.com', senha: 'segredo1', userType });
    expect(screen.getByText('Login realizado com sucesso!')).toBeInTheDocument();
    expect({ ...localStorage }).toMatchObject({ token: 'tok-123', userEmail: 'f@x.com', userType, userId: '7' });
  });

  it('starts the session with nothing an earlier one left in this tab (its name, its lists)', async () => {
    loginAnswers(200, okUser('REVENDEDOR'));
    const { user, router, store } = renderLogin();
    const earlier = { user: { id: 1, nome: 'Administrador Demo', email: 'admin@x.com', userType: 'ADMINISTRADOR' as const } };
    await act(async () => {
      await store.dispatch(authApi.util.upsertQueryData('verify', undefined, earlier));
    });
    expect(authApi.endpoints.verify.select()(store.getState()).data).toEqual(earlier);
    await user.type(screen.getByLabelText('Email'), 'f@x.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/beneficiarios'));
    expect(authApi.endpoints.verify.select()(store.getState()).data).toBeUndefined();
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, user: { id: 7, userType: 'REVENDEDOR' } });
  });

  it('tells the right password of an inactive account what the server said (whom to ask)', async () => {
    loginAnswers(403, { message: accountInactiveMessage('FILIAL') });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'a@b.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText(accountInactiveMessage('FILIAL'))).toBeInTheDocument();
    expect(screen.queryByText('Credenciais inválidas.')).not.toBeInTheDocument();
  });

  it('sends one sign-in for two quick clicks on Entrar', async () => {
    let attempts = 0;
    server.use(
      http.post('*/api/auth/login', async () => {
        attempts++;
        await new Promise((resolve) => setTimeout(resolve, 30));
        return HttpResponse.json(okUser('REVENDEDOR'));
      }),
    );
    const { user, router } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'a@b.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    const submit = screen.getByRole('button', { name: 'Entrar' });
    act(() => {
      submit.click();
      submit.click();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/beneficiarios'));
    expect(attempts).toBe(1);
  });

  it.each([
    ['another administrator', 'ADMINISTRADOR:8'],
    ['a reseller with the same id', 'REVENDEDOR:7'],
  ])('never takes an administrator to the page the expired session of %s left', async (_whose, owner) => {
    localStorage.setItem('redirectAfterLogin', `${owner} /agendamentos`);
    loginAnswers(200, okUser('ADMINISTRADOR'));
    const { user, router } = renderWithProviders(<LoginRoute />, {
      route: '/login',
      routes: landingRoutes,
      path: '/login',
    });
    await router.navigate('/login', { replace: true, state: { from: '/agendamentos?page=3', owner } });
    await user.selectOptions(screen.getByLabelText('Tipo de Usuário'), 'Administrador');
    await user.type(screen.getByLabelText('Email'), 'f@x.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profissionais'));
    expect(localStorage.getItem('redirectAfterLogin')).toBeNull();
  });

  it.each(['//fora.exemplo/x', '/\\fora.exemplo/x', 'https://fora.exemplo/x'])(
    'never sends the browser to %s, whatever the page it came from says',
    async (from) => {
      loginAnswers(200, okUser('ADMINISTRADOR'));
      const { user, router } = renderWithProviders(<LoginRoute />, { route: '/login', routeState: { from }, routes: landingRoutes });
      await user.selectOptions(screen.getByLabelText('Tipo de Usuário'), 'Administrador');
      await user.type(screen.getByLabelText('Email'), 'f@x.com');
      await user.type(screen.getByLabelText('Senha'), 'segredo1');
      await user.click(screen.getByRole('button', { name: 'Entrar' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/profissionais'));
    },
  );

  it('takes an administrator back to the page its own expired session left', async () => {
    localStorage.setItem('redirectAfterLogin', 'ADMINISTRADOR:7 /agendamentos');
    loginAnswers(200, okUser('ADMINISTRADOR'));
    const { user, router } = renderLogin();
    await user.selectOptions(screen.getByLabelText('Tipo de Usuário'), 'Administrador');
    await user.type(screen.getByLabelText('Email'), 'f@x.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agendamentos'));
    expect(localStorage.getItem('redirectAfterLogin')).toBeNull();
  });
});

it('forwards a user who already has a session when the page opens', async () => {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('userEmail', 'f@x.com');
  const { router } = renderWithProviders(<LoginRoute />, {
    route: '/login',
    routes: landingRoutes,
    preloadedState: { auth: { user: { id: 1, email: 'f@x.com', userType: 'PARCEIRO' }, isAuthenticated: true } },
  });
  await waitFor(() => expect(router.state.location.pathname).toBe('/filiais'));
});
