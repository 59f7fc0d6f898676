import { http, HttpResponse } from 'msw';
import { API_BASE_URL } from '../api/baseUrl';
import { firstPageUrl } from '../api/firstPagePreload';
import { claimPreloaded } from '../api/preloadedAnswer';
import { screenAt } from '../app/screens';
import type { StoredSession } from '../api/session';
import type { UserType } from '../domain/userTypes';
import { server } from '../test/server';
import { startPreloads } from './preloads';

const session = (userType: UserType): StoredSession => ({ token: `token-${userType}`, email: 'usuario@teste.com.br', userType, userId: 1 });
const at = (pathname: string) => ({ pathname, search: '' });

/** Claims the first page the start-up asked for at this path with this session, if it did. */
const claimFor = (pathname: string, owner: StoredSession) =>
  claimPreloaded(
    new Request(firstPageUrl(API_BASE_URL, screenAt(pathname)?.firstPage, '', owner.userType)!, {
      headers: { Authorization: `Bearer ${owner.token}` },
    }),
  );

describe('start-up preloads', () => {
  beforeEach(() => server.use(http.get('*/api/*', () => HttpResponse.json({ data: { data: [] } }))));

  it("asks for a screen's first page and code when the session's user type may open it", async () => {
    const administrator = session('ADMINISTRADOR');
    const chunks = startPreloads(at('/parceiros'), administrator);
    // Claimed before the chunks are awaited: compiling them on a busy machine can outlast the preload's 10 s.
    const firstPage = claimFor('/parceiros', administrator);
    expect(chunks).toBeDefined();
    const [layout, screen] = (await chunks) as [{ AppLayout: unknown }, { default: { name: string } }];
    expect(typeof layout.AppLayout).toBe('function');
    expect(screen.default.name).toBe('PartnersPage');
    expect((await firstPage)?.status).toBe(200);
  });

  it('asks for nothing on a screen the user type is sent away from, nor without a session', () => {
    const reseller = session('REVENDEDOR');
    expect(startPreloads(at('/parceiros'), reseller)).toBeUndefined();
    expect(claimFor('/parceiros', reseller)).toBeUndefined();
    expect(startPreloads(at('/beneficiarios'), null)).toBeUndefined();
  });

  it("asks for a reseller's own list", async () => {
    const reseller = session('REVENDEDOR');
    expect(startPreloads(at('/beneficiarios'), reseller)).toBeDefined();
    expect((await claimFor('/beneficiarios', reseller))?.status).toBe(200);
  });
});
