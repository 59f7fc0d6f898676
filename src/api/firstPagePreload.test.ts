import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { firstPageUrl, preloadFirstPage, type PreloadedList } from './firstPagePreload';
import { claimPreloaded } from './preloadedAnswer';

/** The first page asked for while the app starts, claimed once by the same GET of the same session while fresh. */

const BASE = 'http://localhost/api';
const LIST: PreloadedList = { endpoint: '/beneficiaries', query: 'getBeneficiaries', filters: ['name'] };
const VIEWER = { token: 'the-token', userType: 'ADMINISTRADOR' as const };
const URL_ASKED = firstPageUrl(BASE, LIST, '?name=ana', 'ADMINISTRADOR')!;

function serveList(answers: Array<() => Response>) {
  const asked: Array<string | null> = [];
  server.use(
    http.get(`${BASE}/beneficiaries`, ({ request }) => {
      asked.push(request.headers.get('Authorization'));
      return (answers.shift() ?? (() => HttpResponse.json([{ id: 'again' }])))();
    }),
  );
  return asked;
}

const get = (url = URL_ASKED, token = 'the-token', method = 'GET') =>
  new Request(url, { method, headers: { Authorization: `Bearer ${token}` } });

afterEach(() => {
  jest.restoreAllMocks();
  // Whatever a test left unclaimed is taken, so the next starts with none.
  claimPreloaded(get())?.catch(() => undefined);
});

it("asks for the screen's first page with the session's token, and hands it over once", async () => {
  const asked = serveList([() => HttpResponse.json([{ id: 'preloaded' }])]);
  preloadFirstPage(BASE, LIST, '?name=ana', VIEWER);

  const answer = claimPreloaded(get());
  expect(await (await answer!).json()).toEqual([{ id: 'preloaded' }]);
  expect(asked).toEqual(['Bearer the-token']);
  expect(claimPreloaded(get())).toBeUndefined();
});

it('asks for nothing without a session or for a screen without a list', () => {
  const fetchCalls = jest.spyOn(globalThis, 'fetch');
  preloadFirstPage(BASE, LIST, '', null);
  preloadFirstPage(BASE, undefined, '', VIEWER);
  expect(fetchCalls).not.toHaveBeenCalled();
  expect(claimPreloaded(get(firstPageUrl(BASE, LIST, '', 'ADMINISTRADOR')!))).toBeUndefined();
});

it('is not handed to another URL or method, which leave it for the right request', async () => {
  serveList([() => HttpResponse.json([{ id: 'preloaded' }])]);
  preloadFirstPage(BASE, LIST, '?name=ana', VIEWER);
  expect(claimPreloaded(get(`${BASE}/beneficiaries?page=2&name=ana`))).toBeUndefined();
  expect(claimPreloaded(get(URL_ASKED, 'the-token', 'POST'))).toBeUndefined();
  expect(await (await claimPreloaded(get()))!.json()).toEqual([{ id: 'preloaded' }]);
});

it("is dropped for another session's request", () => {
  serveList([() => HttpResponse.json([])]);
  preloadFirstPage(BASE, LIST, '?name=ana', VIEWER);
  expect(claimPreloaded(get(URL_ASKED, 'another-token'))).toBeUndefined();
  expect(claimPreloaded(get())).toBeUndefined();
});

it('is handed over until 10 seconds after it was asked for, and dropped after', () => {
  serveList([() => HttpResponse.json([]), () => HttpResponse.json([])]);
  const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
  preloadFirstPage(BASE, LIST, '?name=ana', VIEWER);
  now.mockReturnValue(1_010_000);
  expect(claimPreloaded(get())).toBeDefined();
  now.mockReturnValue(2_000_000);
  preloadFirstPage(BASE, LIST, '?name=ana', VIEWER);
  now.mockReturnValue(2_010_001);
  expect(claimPreloaded(get())).toBeUndefined();
});

it('asks again when the preload failed on the network', async () => {
  const asked = serveList([() => HttpResponse.error()]);
  preloadFirstPage(BASE, LIST, '?name=ana', VIEWER);
  const answer = await claimPreloaded(get());
  expect(await answer!.json()).toEqual([{ id: 'again' }]);
  expect(asked).toEqual(['Bearer the-token', 'Bearer the-token']);
});
