import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createRoot } from 'react-dom/client';
import { makeStore } from '../app/store';
import { createPortalSystem } from '../components/theme/createPortalSystem';
import { shellTheme } from '../components/theme/shellTheme';
import LoginPage from '../features/auth/components/LoginPage';
import { server } from '../test/server';
import { loginApp } from './loginApp';

// The staff app's chunk does not arrive (a dropped connection, a release that removed it).
jest.mock('./staffApp', () => {
  throw new Error('Loading chunk 828 failed.');
});

it('loads the landing page in full when the staff app cannot be downloaded (it restores the session the login stored)', async () => {
  server.use(
    http.post('*/api/auth/login', () =>
      HttpResponse.json({ token: 'tok-1', user: { id: 7, nome: 'Fulano', email: 'f@x.com', userType: 'FILIAL' } }),
    ),
  );
  window.history.replaceState(null, '', '/login');
  const opened: string[] = [];
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  const system = createPortalSystem(shellTheme);
  const tree = loginApp(LoginPage, { store: makeStore(), container, system, root, openPage: (path) => opened.push(path) });
  act(() => root.render(tree));

  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('Tipo de Usuário'), 'Filial');
  await user.type(screen.getByLabelText('Email'), 'f@x.com');
  await user.type(screen.getByLabelText('Senha'), 'segredo1');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));

  await waitFor(() => expect(opened).toEqual(['/revendedores']));
  expect(window.location.pathname).toBe('/revendedores');
  expect(localStorage.getItem('token')).toBe('tok-1');
  act(() => root.unmount());
});
