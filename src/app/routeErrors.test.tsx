import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp, signedInAs } from '../test/renderWithProviders';
import { server } from '../test/server';
import * as reload from './reloadPage';
import { routes } from './routes';
import { screenAt } from './screens';
import { SCREEN_ERROR_TEXTS } from './layout/ScreenErrorBoundary';

// Four screens stand in for the real ones: one crashes, one works, one's chunk cannot be downloaded,
// one's chunk cannot be downloaded at first (the first visit and its retry) and can afterwards.
jest.mock('./screens', () => {
  const actual = jest.requireActual('./screens');
  const { createElement } = jest.requireActual('react');
  const missingChunk = Object.assign(new Error('Loading chunk 742 failed.'), { name: 'ChunkLoadError' });
  const loads: Record<string, () => Promise<unknown>> = {
    '/parceiros': () =>
      Promise.resolve({
        default: () => {
          throw new Error('falha ao desenhar a tela');
        },
      }),
    '/filiais': () => Promise.resolve({ default: () => createElement('h1', null, 'Tela de filiais') }),
    '/revendedores': jest.fn(() => Promise.reject(missingChunk)),
    '/site': jest
      .fn()
      .mockRejectedValueOnce(missingChunk)
      .mockRejectedValueOnce(missingChunk)
      .mockResolvedValue({ default: () => createElement('h1', null, 'Tela do site') }),
  };
  type Screen = { path: string; load: unknown };
  const SCREENS = actual.SCREENS.map((screen: Screen) => ({ ...screen, load: loads[screen.path] ?? screen.load }));
  return { ...actual, SCREENS, screenAt: (path: string) => SCREENS.find((screen: Screen) => screen.path === path) };
});

beforeEach(() => {
  server.use(
    http.get('*/api/auth/verify', () =>
      HttpResponse.json({ user: { id: 1, nome: 'Ana Admin', email: 'usuario@teste.com.br', userType: 'ADMINISTRADOR' } }),
    ),
    http.get('*/api/checkout/config', () => HttpResponse.json({ companyName: null })),
  );
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('a screen that fails', () => {
  it('shows its error inside the layout: the menu, the header and Sair keep working', async () => {
    const { user, router } = renderApp(routes, { route: '/parceiros', preloadedState: signedInAs('ADMINISTRADOR') });
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { name: SCREEN_ERROR_TEXTS.title })).toBeInTheDocument();
    expect(within(main).getByText(SCREEN_ERROR_TEXTS.crashed)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
    expect(await screen.findByText('Ana Admin')).toBeInTheDocument();

    await user.click(within(screen.getByRole('navigation', { name: 'Menu principal' })).getByRole('link', { name: /Filiais/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/filiais'));
    expect(await screen.findByRole('heading', { name: 'Tela de filiais' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: SCREEN_ERROR_TEXTS.title })).not.toBeInTheDocument();
  });

  it('asks for a missing chunk once more, then offers Recarregar, which reloads the page', async () => {
    const reloadPage = jest.spyOn(reload, 'reloadPage').mockImplementation(() => undefined);
    const { user } = renderApp(routes, { route: '/revendedores', preloadedState: signedInAs('ADMINISTRADOR') });
    expect(await screen.findByRole('heading', { name: SCREEN_ERROR_TEXTS.title }, { timeout: 3000 })).toBeInTheDocument();
    expect(screenAt('/revendedores')!.load).toHaveBeenCalledTimes(2);
    expect(screen.getByText(SCREEN_ERROR_TEXTS.chunk)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: SCREEN_ERROR_TEXTS.reload }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('downloads a failed screen again on its next visit, without a reload, once the connection is back', async () => {
    const { user, router } = renderApp(routes, { route: '/site', preloadedState: signedInAs('ADMINISTRADOR') });
    expect(await screen.findByText(SCREEN_ERROR_TEXTS.chunk, undefined, { timeout: 3000 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    await user.click(within(menu).getByRole('link', { name: /Filiais/ }));
    expect(await screen.findByRole('heading', { name: 'Tela de filiais' })).toBeInTheDocument();

    await user.click(within(menu).getByRole('link', { name: /Gestão do Site/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/site'));
    expect(await screen.findByRole('heading', { name: 'Tela do site' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: SCREEN_ERROR_TEXTS.title })).not.toBeInTheDocument();
    expect(screenAt('/site')!.load).toHaveBeenCalledTimes(3);
  });
});
