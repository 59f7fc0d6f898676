import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { listArgsFromQuery } from '../api/paging';
import { readSession } from '../api/session';
import { routes } from '../app/routes';
import { screenAt, SCREENS } from '../app/screens';
import { makeStore, type AppStore } from '../app/store';
import { serveListPortal } from '../test/listPortal';
import { server } from '../test/server';
import { renderApp, signedInAs } from '../test/renderWithProviders';
import type { UserType } from '../domain/userTypes';
import { firstPageInStore, WAIT_FOR_ROWS_MS } from './firstPageInStore';
import { startPreloads } from './preloads';

const at = (path: string) => {
  const url = new URL(path, 'http://localhost');
  return { pathname: url.pathname, search: url.search };
};

/**
 * The start-up's steps for a list screen, up to the first render: preloads, then the page put in the
 * store, waiting for it as long as a busy machine may need unless `waitMs` is the start-up's own.
 */
async function startUpTo(path: string, waitMs = 10_000, userType: UserType = 'ADMINISTRADOR') {
  const store = makeStore(signedInAs(userType));
  await firstPageInStore(store, at(path), startPreloads(at(path), readSession()), waitMs);
  return store;
}

/** The store's entries of the screen's list query at this path. */
function listEntries(store: AppStore, path: string) {
  const name = screenAt(at(path).pathname)!.firstPage!.query;
  return Object.values(store.getState().api.queries).filter((entry) => entry?.endpointName === name);
}

/** The tables that show a skeleton while their rows load (DataTable's): the report has two. */
const listTables = () => [...document.querySelectorAll('table[aria-busy]')];

/** Whether the list's table was ever drawn busy (its skeleton) while the observer watched. */
function watchForSkeleton() {
  const seen = { skeleton: false };
  const observer = new MutationObserver(() => {
    if (document.querySelector('table[aria-busy="true"]')) seen.skeleton = true;
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
  return { seen, stop: () => observer.disconnect() };
}

/** The routes' lazy parts are compiled on first use: slow on a busy machine. */
const SLOW_MACHINE = { timeout: 30_000 };

const LIST_PATHS = SCREENS.filter((staffScreen) => staffScreen.firstPage).map((staffScreen) => staffScreen.path);
const listCalls = (asked: string[], path: string) =>
  asked.filter((url) => new URL(url).pathname === `/api${screenAt(path)!.firstPage!.endpoint}`);

describe('the first page in the store before the first render', () => {
  it.each(LIST_PATHS.flatMap((path) => [[path], [`${path}?page=2&sort=nome:desc`]]))(
    'draws %s with its rows at once, from the one request the start-up made',
    async (path) => {
      const asked = serveListPortal();
      const { pathname, search } = at(path);
      const store = await startUpTo(path);
      const [entry, ...others] = listEntries(store, path);
      expect(others).toHaveLength(0);
      expect(entry?.status).toBe('fulfilled');
      expect(entry?.originalArgs).toEqual(listArgsFromQuery(new URLSearchParams(search), screenAt(pathname)!.firstPage!.filters));

      const watch = watchForSkeleton();
      try {
        renderApp(routes, { route: path, store });
        await waitFor(() => expect(listTables().length).toBeGreaterThan(0), SLOW_MACHINE);
        expect(listTables().map((table) => table.getAttribute('aria-busy'))).not.toContain('true');
        expect(watch.seen.skeleton).toBe(false);
      } finally {
        watch.stop();
      }
      expect(listCalls(asked, pathname)).toHaveLength(1);
    },
  );

  it("puts a partner's report in the store as its screen asks for it: without the partner filter of an edited URL", async () => {
    const path = '/relatorio-vendas?partner=3&month=2026-10';
    const asked = serveListPortal();
    const store = await startUpTo(path, 10_000, 'PARCEIRO');
    expect(listEntries(store, path).map((entry) => entry?.originalArgs)).toEqual([
      expect.objectContaining({ filters: expect.objectContaining({ partner: '', month: '2026-10' }) }),
    ]);
    renderApp(routes, { route: path, store });
    await screen.findByRole('heading', { name: 'Relatório de Vendas do Parceiro' }, SLOW_MACHINE);
    await waitFor(() => expect(listTables().map((table) => table.getAttribute('aria-busy'))).not.toContain('true'), SLOW_MACHINE);
    expect(listCalls(asked, '/relatorio-vendas')).toEqual([expect.not.stringContaining('partner=')]);
  });

  it('waits a bounded time for a slow answer, which the screen then joins instead of asking again', async () => {
    let answer!: () => void;
    const asked = serveListPortal([], new Promise<void>((resolve) => (answer = resolve)));
    const started = Date.now();
    const store = await startUpTo('/parceiros', WAIT_FOR_ROWS_MS);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_FOR_ROWS_MS - 20);
    expect(listEntries(store, '/parceiros').map((entry) => entry?.status)).toEqual(['pending']);

    renderApp(routes, { route: '/parceiros', store });
    expect(await screen.findByRole('table', {}, SLOW_MACHINE)).toHaveAttribute('aria-busy', 'true');
    answer();
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false'), SLOW_MACHINE);
    expect(listCalls(asked, '/parceiros')).toHaveLength(1);
  });

  it('leaves a failed first page to the screen, which asks again', async () => {
    serveListPortal([{ id: 7, nome: 'Vida Plena', cnpj: '11222333000181', isActive: true }]);
    // The first call fails; later ones fall through to the portal's answer.
    let calls = 0;
    server.use(http.get('*/api/partners', () => (++calls === 1 ? HttpResponse.json({ message: 'x' }, { status: 500 }) : undefined)));
    const store = await startUpTo('/parceiros');
    expect(listEntries(store, '/parceiros').map((entry) => entry?.status)).toEqual(['rejected']);
    renderApp(routes, { route: '/parceiros', store });
    expect(await screen.findByText('Vida Plena', {}, SLOW_MACHINE)).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('ends an expired session before the first render, which opens /login with the reason', async () => {
    server.use(http.get('*/api/beneficiaries', () => HttpResponse.json({ message: 'Sessão expirada.' }, { status: 401 })));
    const store = await startUpTo('/beneficiarios');
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, sessionEndNotice: 'Sessão expirada.' });
    const { router } = renderApp(routes, { route: '/beneficiarios', store });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), SLOW_MACHINE);
    expect(await screen.findByText('Sessão expirada.', {}, SLOW_MACHINE)).toBeInTheDocument();
  });

  it('asks for nothing on a screen the session does not open, nor on a screen without a list', async () => {
    const asked = serveListPortal();
    const reseller = makeStore(signedInAs('REVENDEDOR'));
    await firstPageInStore(reseller, at('/parceiros'), startPreloads(at('/parceiros'), readSession()));
    const administrator = await startUpTo('/site');
    expect(Object.keys(reseller.getState().api.queries)).toHaveLength(0);
    expect(Object.keys(administrator.getState().api.queries)).toHaveLength(0);
    expect(asked).toHaveLength(0);
  });
});
