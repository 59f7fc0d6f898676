import { screen, waitFor } from '@testing-library/react';
import { routes } from './routes';
import { renderApp, signedInAs } from '../test/renderWithProviders';
import { serveListPortal } from '../test/listPortal';
import { API_BASE_URL } from '../api/baseUrl';
import { firstPageUrl as listUrl, preloadFirstPage as preloadList } from '../api/firstPagePreload';
import { claimPreloaded } from '../api/preloadedAnswer';
import type { UserType } from '../domain/userTypes';
import { screenAt, SCREENS } from './screens';

const location = (path: string) => {
  const url = new URL(path, 'http://localhost');
  return { pathname: url.pathname, search: url.search };
};
/** The first page of the screen the registry declares at this location, as the start-up asks for it. */
const firstPageUrl = (apiBaseUrl: string, at: { pathname: string; search: string }, userType: UserType = 'ADMINISTRADOR') =>
  listUrl(apiBaseUrl, screenAt(at.pathname)?.firstPage, at.search, userType);
const preloadFirstPage = (apiBaseUrl: string, at: { pathname: string; search: string }, token: string | null) =>
  preloadList(apiBaseUrl, screenAt(at.pathname)?.firstPage, at.search, token ? { token, userType: 'ADMINISTRADOR' } : null);
const LIST_SCREENS = SCREENS.filter((screen) => screen.firstPage).map((screen) => screen.path);

describe('first page preload', () => {
  // A filter, a sort and a page in the URL: the preload must ask exactly what the screen asks.
  const withState: Record<string, string> = {
    '/beneficiarios': '?name=ana&sort=name:desc&page=2',
    '/agendamentos': '?paciente=ana&status=SCHEDULED&page=2',
    '/profissionais': '?nome=ana&sort=nome:desc',
    '/encaminhamentos': '?busca=ana&page=3',
    '/parceiros': '?nome=vida&page=2',
    '/filiais': '?titulo=centro&sort=titulo:desc',
    '/revendedores': '?nome=rafa&page=2',
    '/relatorio-vendas': '?partner=3&month=2026-10&page=4',
  };

  it('preloads the seven list screens and the sales report', () => {
    expect([...LIST_SCREENS].sort()).toEqual(Object.keys(withState).sort());
  });

  it.each(LIST_SCREENS.flatMap((path) => [[path], [`${path}${withState[path] ?? ''}`]]))(
    'asks for the URL the screen at %s asks for first',
    async (path) => {
      const asked = serveListPortal();
      renderApp(routes, { route: path, preloadedState: signedInAs('ADMINISTRADOR') });
      const expected = firstPageUrl(API_BASE_URL, location(path))!;
      const endpoint = screenAt(location(path).pathname)!.firstPage!.endpoint;
      await waitFor(() => expect(asked.some((url) => new URL(url).pathname === `/api${endpoint}`)).toBe(true));
      expect(asked.filter((url) => new URL(url).pathname === `/api${endpoint}`)[0]).toBe(expected);
    },
  );

  // A partner does not filter the report by partner, a branch by partner or branch: not even from an edited URL.
  it.each<[UserType, string]>([
    ['PARCEIRO', 'branch=2&month=2026-10'],
    ['FILIAL', 'month=2026-10'],
  ])("asks for the report a %s's screen asks for, without the filters it does not see", async (userType, kept) => {
    const asked = serveListPortal();
    const path = '/relatorio-vendas?partner=3&branch=2&month=2026-10&page=4';
    renderApp(routes, { route: path, preloadedState: signedInAs(userType) });
    const reportCalls = () => asked.filter((url) => new URL(url).pathname === '/api/reports/sales');
    await waitFor(() => expect(reportCalls().length).toBeGreaterThan(0));
    const expected = firstPageUrl(API_BASE_URL, location(path), userType)!;
    expect(reportCalls()[0]).toBe(expected);
    expect(new URL(expected).searchParams.toString()).toBe(`page=4&pageSize=10&${kept}`);
  });

  it('hands the preloaded answer to the screen instead of asking again', async () => {
    const holder = { id: 1, uuid: '11111111-1111-4111-8111-111111111111', name: 'Ana Titular', cpf: '52998224725', holder: null };
    const asked = serveListPortal([{ ...holder, isActive: true, paymentType: 'S', serviceType: 'GP', state: 'SP' }]);
    const state = signedInAs('ADMINISTRADOR');
    preloadFirstPage(API_BASE_URL, location('/beneficiarios'), localStorage.getItem('token'));
    renderApp(routes, { route: '/beneficiarios', preloadedState: state });
    expect(await screen.findByText('Ana Titular')).toBeInTheDocument();
    expect(asked.filter((url) => new URL(url).pathname === '/api/beneficiaries')).toHaveLength(1);
  });

  it("asks for a typed filter's page once: the prefetch as the filter applies, joined by the screen's query", async () => {
    const asked = serveListPortal();
    const { user } = renderApp(routes, { route: '/beneficiarios', preloadedState: signedInAs('ADMINISTRADOR') });
    await user.type(await screen.findByLabelText('Nome do Beneficiário'), 'ana');
    const filtered = (url: string) => new URL(url).pathname === '/api/beneficiaries' && new URL(url).searchParams.get('name') === 'ana';
    await waitFor(() => expect(asked.some(filtered)).toBe(true));
    await screen.findByText('Nenhum resultado para os filtros aplicados');
    expect(asked.filter(filtered)).toEqual([firstPageUrl(API_BASE_URL, location('/beneficiarios?name=ana'))]);
  });

  it('is not used for another URL, another session, or once claimed', async () => {
    serveListPortal();
    const url = firstPageUrl(API_BASE_URL, location('/parceiros'))!;
    const get = (target: string, token: string) => new Request(target, { headers: { Authorization: `Bearer ${token}` } });

    preloadFirstPage(API_BASE_URL, location('/parceiros'), 'token-a');
    expect(claimPreloaded(get(`${url}&nome=x`, 'token-a'))).toBeUndefined();
    expect(claimPreloaded(get(url, 'token-b'))).toBeUndefined();

    preloadFirstPage(API_BASE_URL, location('/parceiros'), 'token-a');
    const claimed = claimPreloaded(get(url, 'token-a'));
    expect((await claimed!).status).toBe(200);
    expect(claimPreloaded(get(url, 'token-a'))).toBeUndefined();
  });

  it('asks nothing without a session or off the list screens', () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    try {
      preloadFirstPage(API_BASE_URL, location('/parceiros'), null);
      preloadFirstPage(API_BASE_URL, location('/site'), 'token-a');
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
    expect(firstPageUrl(API_BASE_URL, location('/configuracoes'))).toBeUndefined();
  });
});
