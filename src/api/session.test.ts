import {
  clearRedirect,
  currentPathForRedirect,
  forgetSession,
  getToken,
  readRedirectFor,
  readSession,
  rememberRedirect,
  replaceToken,
  sessionOwner,
  writeSession,
} from './session';

/** The session as the browser keeps it: the spec's local-storage keys, and the page to come back to. */

const session = { token: 'tok-1', email: 'ana@exemplo.com.br', userType: 'PARCEIRO' as const, userId: 7 };

beforeEach(() => localStorage.clear());

describe('the stored session', () => {
  it("is written under the spec's keys and read back whole", () => {
    writeSession(session);
    expect({ ...localStorage }).toEqual({ token: 'tok-1', userEmail: 'ana@exemplo.com.br', userType: 'PARCEIRO', userId: '7' });
    expect(readSession()).toEqual(session);
    expect(getToken()).toBe('tok-1');
  });

  it('is no session without a token or without an e-mail', () => {
    expect(readSession()).toBeNull();
    writeSession(session);
    localStorage.removeItem('token');
    expect(readSession()).toBeNull();
    writeSession(session);
    localStorage.removeItem('userEmail');
    expect(readSession()).toBeNull();
    localStorage.setItem('userEmail', '');
    expect(readSession()).toBeNull();
  });

  it('keeps the rest when only the token is renewed', () => {
    writeSession(session);
    replaceToken('tok-2');
    expect(readSession()).toEqual({ ...session, token: 'tok-2' });
  });

  it("is forgotten whole, the page to come back to included, and the user's own preferences kept", () => {
    writeSession(session);
    rememberRedirect('/agendamentos', 'ADMINISTRADOR:7');
    localStorage.setItem('chakra-ui-color-mode', 'dark');
    forgetSession();
    expect({ ...localStorage }).toEqual({ 'chakra-ui-color-mode': 'dark' });
    expect(getToken()).toBeNull();
  });
});

describe('the page to come back to', () => {
  it('is given back to the user it was kept for, and to no one else', () => {
    const owner = sessionOwner({ userType: 'ADMINISTRADOR', id: 7 });
    rememberRedirect('/beneficiarios?page=2', owner);
    expect(localStorage.getItem('redirectAfterLogin')).toBe('ADMINISTRADOR:7 /beneficiarios?page=2');
    expect(readRedirectFor(owner)).toBe('/beneficiarios?page=2');
    expect(readRedirectFor(sessionOwner({ userType: 'ADMINISTRADOR', id: 17 }))).toBeNull();
    // Ids are per kind of user: a reseller with the same id is someone else.
    expect(readRedirectFor(sessionOwner({ userType: 'REVENDEDOR', id: 7 }))).toBeNull();
    clearRedirect();
    expect(readRedirectFor(owner)).toBeNull();
  });

  it('is only ever a path of this site', () => {
    const owner = 'ADMINISTRADOR:7';
    for (const stored of ['https://fora.exemplo/x', '//fora.exemplo/x', '/\\fora.exemplo/x', '', ' '].map((path) => `${owner} ${path}`)) {
      localStorage.setItem('redirectAfterLogin', stored);
      expect(readRedirectFor(owner)).toBeNull();
    }
  });

  it('is the current page with its query, never the login page or the root', () => {
    const at = (path: string) => {
      window.history.replaceState(null, '', path);
      return currentPathForRedirect();
    };
    expect(at('/agendamentos?status=AGENDADO')).toBe('/agendamentos?status=AGENDADO');
    expect(at('/relatorio')).toBe('/relatorio');
    expect(at('/login')).toBeNull();
    expect(at('/login?expirada=1')).toBeNull();
    expect(at('/')).toBeNull();
    expect(at('/?page=2')).toBe('/?page=2');
  });
});
