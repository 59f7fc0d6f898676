import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { authApi } from '../api/authApi';
import { professionalsApi } from '../api/professionalsApi';
import { unauthorizedResponse } from '../api/sessionEvents';
import { downloadFile } from '../api/download';
import { professionalsListRemembered } from '../features/professionals/professionalsSlice';
import { selectProfessionalsListQuery } from '../features/professionals/selectors';
import { renderApp, signedInAs } from '../test/renderWithProviders';
import { server } from '../test/server';
import { routes } from './routes';
import { makeStore } from './store';

const SESSION_KEYS = ['token', 'userEmail', 'userType', 'userId'];
const stored = () => SESSION_KEYS.map((key) => localStorage.getItem(key));

/** The shell's own calls answered, and the professionals' list answered with one professional. */
function shellAnswers() {
  server.use(
    http.get('*/api/auth/verify', () =>
      HttpResponse.json({ user: { id: 1, nome: 'Fulano', email: 'usuario@teste.com.br', userType: 'ADMINISTRADOR' } }),
    ),
    http.get('*/api/checkout/config', () => HttpResponse.json({ companyName: 'Saúde Já' })),
    http.get('*/api/professionals', () =>
      HttpResponse.json(
        { data: [{ id: 1, nome_completo: 'Dra. Ana', cpf: '52998224725', email: 'ana@x.com' }] },
        { headers: { 'X-Total-Count': '1' } },
      ),
    ),
  );
}

describe('the session middleware', () => {
  it('ends the session on a 401 of an RTK Query call: storage, every slice and the api cache cleared, /login', async () => {
    shellAnswers();
    const { router, store } = renderApp(routes, { route: '/profissionais', preloadedState: signedInAs('ADMINISTRADOR') });
    // The layout and the screen load lazily: slow on a busy machine.
    expect(await screen.findByText('Dra. Ana', {}, { timeout: 30_000 })).toBeInTheDocument();
    store.dispatch(professionalsListRemembered('nome=ana'));
    localStorage.setItem('redirectAfterLogin', 'ADMINISTRADOR:1 /agendamentos');

    server.use(http.get('*/api/professionals', () => HttpResponse.json({ message: 'Sessão expirada.' }, { status: 401 })));
    await store.dispatch(professionalsApi.endpoints.getProfessionals.initiate({ page: 2 }, { forceRefetch: true }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 30_000 });
    expect(stored()).toEqual([null, null, null, null]);
    expect(store.getState().auth).toMatchObject({ user: null, isAuthenticated: false, sessionEndNotice: 'Sessão expirada.' });
    expect(selectProfessionalsListQuery(store.getState())).toBe('');
    expect(store.getState().api.queries).toEqual({});
  });

  it('ends the session on a 401 of a download made for the user (a CSV export)', async () => {
    shellAnswers();
    server.use(http.get('*/api/professionals/export.csv', () => HttpResponse.json({ message: 'Sessão expirada.' }, { status: 401 })));
    const { router, store, user } = renderApp(routes, { route: '/profissionais', preloadedState: signedInAs('ADMINISTRADOR') });
    // The layout and the screen load lazily: slow on a busy machine.
    expect(await screen.findByText('Dra. Ana', {}, { timeout: 30_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 30_000 });
    expect(stored()).toEqual([null, null, null, null]);
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(store.getState().api.queries).toEqual({});
  });

  it("leaves a wrong password's 401 at login as an answer: nothing is cleared", async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.json({ message: 'Credenciais inválidas.' }, { status: 401 })));
    const store = makeStore(signedInAs('ADMINISTRADOR'));
    const answer = await store.dispatch(
      authApi.endpoints.login.initiate({ email: 'a@b.com', senha: 'errada1', userType: 'ADMINISTRADOR' }),
    );
    expect(answer.error).toMatchObject({ status: 401 });
    expect(stored()).toEqual(['test-token', 'usuario@teste.com.br', 'ADMINISTRADOR', '1']);
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });

  it('ends a session once, however many calls fail together, and ignores a 401 when nobody is signed in', async () => {
    server.use(http.get('*/api/lista.csv', () => HttpResponse.json({ message: 'Sessão expirada.' }, { status: 401 })));
    const store = makeStore(signedInAs('PARCEIRO', 4));
    const actions: string[] = [];
    store.subscribe(() => actions.push(store.getState().auth.isAuthenticated ? 'in' : 'out'));
    const results = await Promise.all([
      store.dispatch(downloadFile('/lista.csv', 'a.csv')),
      store.dispatch(downloadFile('/lista.csv', 'b.csv')),
    ]);
    expect(results).toEqual([false, false]);
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, expiredOwner: 'PARCEIRO:4' });
    localStorage.setItem('token', 'another-visitor');
    store.dispatch(unauthorizedResponse({}));
    expect(localStorage.getItem('token')).toBe('another-visitor');
  });
});
