import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { COLOR_MODE_STORAGE_KEY, COLOR_MODE_TEXTS } from '../../domain/colorMode';
import { selectColorMode } from '../../features/profile/selectors';
import { renderApp, signedInAs } from '../../test/renderWithProviders';
import { server } from '../../test/server';
import { routes } from '../routes';

const USER_ID = 4;
const OWNER = `REVENDEDOR:${USER_ID}`;
const storedPreferences = (owner = OWNER) => JSON.parse(localStorage.getItem(`preferences:${owner}`) ?? 'null') as unknown;
const documentMode = () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

function renderResellerShell() {
  server.use(
    http.get('*/api/auth/verify', () =>
      HttpResponse.json({ user: { id: USER_ID, nome: 'Revendedor Demo', email: 'revendedor@demo.com.br', userType: 'REVENDEDOR' } }),
    ),
    http.get('*/api/checkout/config', () => HttpResponse.json({ companyName: 'Saúde Já Ltda.' })),
    http.get('*/api/beneficiaries/filters', () => HttpResponse.json({ partners: [], branches: [], resellers: [] })),
    http.get('*/api/beneficiaries', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  );
  return renderApp(routes, { route: '/beneficiarios', preloadedState: signedInAs('REVENDEDOR', USER_ID) });
}

// The shell's first render loads its lazy screens: within the suite's own limit (src/test/setup.ts),
// which a busy CI machine needed (5 s was not enough there).
const headerToggle = async (name: string) => within(await screen.findByRole('banner')).findByRole('button', { name });

beforeEach(() => {
  document.documentElement.className = '';
});

describe("the header's colour mode toggle: the signed-in user's preference", () => {
  it("starts a user without a mode of their own from the browser's (the one mode kept before it was per user), and keeps it as theirs", async () => {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    // Kept by id alone, before ids of different user types were told apart.
    localStorage.setItem(`preferences:${USER_ID}`, JSON.stringify({ rememberLists: false }));
    const { store } = renderResellerShell();
    expect(await headerToggle(COLOR_MODE_TEXTS.toLight)).toBeInTheDocument();
    expect(selectColorMode(store.getState())).toBe('dark');
    expect(documentMode()).toBe('dark');
    expect(storedPreferences()).toEqual({ rememberLists: false, colorMode: 'dark' });
  });

  it("shows the user's own mode over the browser's, and the toggle changes it for them and for the next visit", async () => {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    localStorage.setItem(`preferences:${OWNER}`, JSON.stringify({ rememberLists: true, colorMode: 'light' }));
    // Another user of this browser (an administrator with the same id).
    localStorage.setItem(`preferences:ADMINISTRADOR:${USER_ID}`, JSON.stringify({ rememberLists: true, colorMode: 'light' }));
    const { store, user } = renderResellerShell();
    const toDark = await headerToggle(COLOR_MODE_TEXTS.toDark);
    await waitFor(() => expect(documentMode()).toBe('light'));
    await user.click(toDark);
    expect(await headerToggle(COLOR_MODE_TEXTS.toLight)).toBeInTheDocument();
    expect(selectColorMode(store.getState())).toBe('dark');
    expect(documentMode()).toBe('dark');
    expect(storedPreferences()).toEqual({ rememberLists: true, colorMode: 'dark' });
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
    expect(storedPreferences(`ADMINISTRADOR:${USER_ID}`)).toEqual({ rememberLists: true, colorMode: 'light' });
  });
});
