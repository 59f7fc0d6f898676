import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { PROFILE_MESSAGES, PROFILE_TEXTS } from '../../../domain/settings';
import { renderWithProviders, signedInAs } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import ProfilePage from './ProfilePage';
import { preferencesLoaded, profileSlice } from '../profileSlice';
import { selectColorMode, selectRememberLists } from '../selectors';

const USER = { id: 4, nome: 'Revendedor Demo', email: 'revendedor@demo.com.br', userType: 'REVENDEDOR' };

function verifyAnswers(status = 200) {
  server.use(
    http.get('*/api/auth/verify', () =>
      status === 200 ? HttpResponse.json({ user: USER }) : HttpResponse.json({ message: 'Erro interno do servidor.' }, { status }),
    ),
  );
}

/** Records every change-password call and answers with `answer`. */
function changePasswordAnswers(answer: () => Response | Promise<Response>) {
  const calls: unknown[] = [];
  server.use(
    http.post('*/api/auth/change-password', async ({ request }) => {
      calls.push(await request.json());
      return answer();
    }),
  );
  return calls;
}

function renderProfile() {
  return renderWithProviders(<ProfilePage />, { route: '/configuracoes', preloadedState: signedInAs('REVENDEDOR', USER.id, USER.email) });
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

async function fillPasswords(user: ReturnType<typeof renderProfile>['user'], current: string, next: string, confirmation: string) {
  if (current) await user.type(input(PROFILE_TEXTS.currentPassword), current);
  if (next) await user.type(input(PROFILE_TEXTS.newPassword), next);
  if (confirmation) await user.type(input(PROFILE_TEXTS.confirmPassword), confirmation);
  await user.click(screen.getByRole('button', { name: PROFILE_TEXTS.submit }));
}

/** A toast (react-hot-toast: role status for success, alert for errors) reading exactly `message`. */
const toastWith = async (message: string) =>
  waitFor(() =>
    expect([...screen.queryAllByRole('status'), ...screen.queryAllByRole('alert')].some((toast) => toast.textContent === message)).toBe(
      true,
    ),
  );

describe('ProfilePage', () => {
  it("shows 'Meu Perfil' with the user's name and e-mail read-only, and the three password fields", async () => {
    verifyAnswers();
    renderProfile();
    expect(screen.getByRole('heading', { name: 'Meu Perfil', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: PROFILE_TEXTS.passwordSection, level: 2 })).toBeInTheDocument();
    await waitFor(() => expect(input(PROFILE_TEXTS.name).value).toBe(USER.nome));
    expect(input(PROFILE_TEXTS.email).value).toBe(USER.email);
    expect(input(PROFILE_TEXTS.name)).toHaveAttribute('readonly');
    expect(input(PROFILE_TEXTS.email)).toHaveAttribute('readonly');
    for (const label of [PROFILE_TEXTS.currentPassword, PROFILE_TEXTS.newPassword, PROFILE_TEXTS.confirmPassword]) {
      expect(input(label)).toHaveAttribute('type', 'password');
      expect(input(label)).toBeRequired();
    }
    expect(screen.getByRole('button', { name: 'Alterar Senha' })).toBeInTheDocument();
  });

  it("shows 'Erro ao carregar dados do usuário' when the user cannot be loaded, with a retry", async () => {
    verifyAnswers(500);
    const { user } = renderProfile();
    await toastWith(PROFILE_MESSAGES.loadError);
    verifyAnswers();
    await user.click(screen.getByRole('button', { name: PROFILE_TEXTS.retry }));
    await waitFor(() => expect(input(PROFILE_TEXTS.name).value).toBe(USER.nome));
  });

  it("refuses different new passwords with 'As senhas novas não coincidem.' and makes no call", async () => {
    verifyAnswers();
    const calls = changePasswordAnswers(() => HttpResponse.json({ success: true, token: 'novo' }));
    const { user } = renderProfile();
    await fillPasswords(user, 'demo1234', 'novasenha1', 'novasenha2');
    await toastWith('As senhas novas não coincidem.');
    // once in the toast, once under the confirmation
    expect(screen.getAllByText('As senhas novas não coincidem.')).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('treats a blank confirmation as a mismatch', async () => {
    verifyAnswers();
    const calls = changePasswordAnswers(() => HttpResponse.json({ success: true, token: 'novo' }));
    const { user } = renderProfile();
    await fillPasswords(user, 'demo1234', 'novasenha1', '');
    await toastWith(PROFILE_MESSAGES.passwordsMismatch);
    expect(calls).toEqual([]);
  });

  it("refuses a new password under 6 characters with the login rule's message and makes no call", async () => {
    verifyAnswers();
    const calls = changePasswordAnswers(() => HttpResponse.json({ success: true, token: 'novo' }));
    const { user } = renderProfile();
    await fillPasswords(user, 'demo1234', '12345', '12345');
    await toastWith('A senha deve ter no mínimo 6 caracteres');
    expect(calls).toEqual([]);
  });

  it('asks for the current password', async () => {
    verifyAnswers();
    const calls = changePasswordAnswers(() => HttpResponse.json({ success: true, token: 'novo' }));
    const { user } = renderProfile();
    await fillPasswords(user, '', 'novasenha1', 'novasenha1');
    await toastWith('Senha atual é obrigatória');
    expect(calls).toEqual([]);
  });

  it("changes the password: sends current and new, shows 'Senha alterada com sucesso', clears the fields and stores the fresh token", async () => {
    verifyAnswers();
    let release!: () => void;
    const calls = changePasswordAnswers(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return HttpResponse.json({ success: true, token: 'token-novo' });
    });
    const { user } = renderProfile();
    expect(localStorage.getItem('token')).toBe('test-token');
    await fillPasswords(user, 'demo1234', 'novasenha1', 'novasenha1');

    const busy = await screen.findByRole('button', { name: /Alterando/ });
    expect(busy).toBeDisabled();
    release();

    await toastWith('Senha alterada com sucesso');
    expect(calls).toEqual([{ currentPassword: 'demo1234', newPassword: 'novasenha1' }]);
    expect(localStorage.getItem('token')).toBe('token-novo');
    for (const label of [PROFILE_TEXTS.currentPassword, PROFILE_TEXTS.newPassword, PROFILE_TEXTS.confirmPassword]) {
      expect(input(label).value).toBe('');
    }
  });

  it("says 'Erro ao alterar senha' for a wrong current password, with the server's reason beneath and under the field, and keeps the token", async () => {
    verifyAnswers();
    changePasswordAnswers(() =>
      HttpResponse.json({ message: 'Senha atual incorreta.', errors: { currentPassword: 'Senha atual incorreta.' } }, { status: 400 }),
    );
    const { user } = renderProfile();
    await fillPasswords(user, 'errada12', 'novasenha1', 'novasenha1');
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText(PROFILE_MESSAGES.changeError)).toBeInTheDocument();
    expect(within(toast).getByText('Senha atual incorreta.')).toBeInTheDocument();
    const field = input(PROFILE_TEXTS.currentPassword).closest('.chakra-field__root') as HTMLElement;
    expect(within(field).getByText('Senha atual incorreta.')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('test-token');
    expect(input(PROFILE_TEXTS.newPassword).value).toBe('novasenha1');
  });

  it("shows 'Erro ao alterar senha' when the server fails without explaining", async () => {
    verifyAnswers();
    changePasswordAnswers(() => HttpResponse.json({ message: 'Erro interno do servidor.' }, { status: 500 }));
    const { user } = renderProfile();
    await fillPasswords(user, 'demo1234', 'novasenha1', 'novasenha1');
    await toastWith('Erro ao alterar senha');
    expect(screen.queryByText('Erro interno do servidor.')).not.toBeInTheDocument();
  });

  it('shows and hides a password on request', async () => {
    verifyAnswers();
    const { user } = renderProfile();
    const field = input(PROFILE_TEXTS.newPassword).closest('.chakra-field__root') as HTMLElement;
    await user.click(within(field).getByRole('button', { name: PROFILE_TEXTS.showPassword }));
    expect(input(PROFILE_TEXTS.newPassword)).toHaveAttribute('type', 'text');
    await user.click(within(field).getByRole('button', { name: PROFILE_TEXTS.hidePassword }));
    expect(input(PROFILE_TEXTS.newPassword)).toHaveAttribute('type', 'password');
  });

  it('changes the password once for two quick clicks on the button', async () => {
    verifyAnswers();
    const calls = changePasswordAnswers(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return HttpResponse.json({ success: true, token: 'novo-token' });
    });
    const { user } = renderProfile();
    await user.type(input(PROFILE_TEXTS.currentPassword), 'antiga123');
    await user.type(input(PROFILE_TEXTS.newPassword), 'nova12345');
    await user.type(input(PROFILE_TEXTS.confirmPassword), 'nova12345');
    const submit = screen.getByRole('button', { name: PROFILE_TEXTS.submit });
    act(() => {
      submit.click();
      submit.click();
    });
    await toastWith(PROFILE_MESSAGES.changeSuccess);
    expect(calls).toHaveLength(1);
  });
});

describe("ProfilePage: the user's preferences (preloaded store)", () => {
  it("shows the lists' memory as the user left it, and turning it on stores it for that user", async () => {
    verifyAnswers();
    const profile = profileSlice.reducer(
      undefined,
      preferencesLoaded({ owner: `REVENDEDOR:${USER.id}`, preferences: { rememberLists: false, colorMode: 'light' } }),
    );
    const { user, store } = renderWithProviders(<ProfilePage />, {
      route: '/configuracoes',
      preloadedState: { ...signedInAs('REVENDEDOR', USER.id, USER.email), profile },
    });
    const preferences = screen.getByRole('region', { name: PROFILE_TEXTS.preferencesSection });
    const toggle = within(preferences).getByRole('checkbox', { name: PROFILE_TEXTS.rememberLists });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(selectRememberLists(store.getState())).toBe(true);
    expect(JSON.parse(localStorage.getItem(`preferences:REVENDEDOR:${USER.id}`)!)).toEqual({ rememberLists: true, colorMode: 'light' });
  });
});

describe('ProfilePage: the colour mode (preloaded store)', () => {
  it.each([
    ['dark', true, 'light'],
    ['light', false, 'dark'],
  ] as const)("shows a user's %s mode, and the switch changes it for that user", async (mode, checked, changedTo) => {
    verifyAnswers();
    const profile = profileSlice.reducer(
      undefined,
      preferencesLoaded({ owner: `REVENDEDOR:${USER.id}`, preferences: { rememberLists: true, colorMode: mode } }),
    );
    const { user, store } = renderWithProviders(<ProfilePage />, {
      route: '/configuracoes',
      preloadedState: { ...signedInAs('REVENDEDOR', USER.id, USER.email), profile },
    });
    const preferences = screen.getByRole('region', { name: PROFILE_TEXTS.preferencesSection });
    const toggle = within(preferences).getByRole('checkbox', { name: PROFILE_TEXTS.darkMode });
    expect((toggle as HTMLInputElement).checked).toBe(checked);
    await user.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(!checked));
    expect(selectColorMode(store.getState())).toBe(changedTo);
    expect(JSON.parse(localStorage.getItem(`preferences:REVENDEDOR:${USER.id}`)!)).toEqual({ rememberLists: true, colorMode: changedTo });
  });
});
