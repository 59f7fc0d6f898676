import { REDACTED, redactSecrets } from './devToolsSanitizer';

describe('Redux DevTools sanitizer', () => {
  it("shows the login's token, credentials and bearer headers as [redacted]", () => {
    const action = {
      type: 'api/executeMutation/fulfilled',
      payload: { token: 'eyJhbGciOi.secret', user: { id: 1 } },
      meta: { arg: { originalArgs: { email: 'a@b.com', senha: 'segredo1', userType: 'ADMINISTRADOR' } }, note: 'Bearer eyJhbGciOi.secret' },
    };
    expect(redactSecrets(action, 'eyJhbGciOi.secret')).toEqual({
      type: 'api/executeMutation/fulfilled',
      payload: { token: REDACTED, user: { id: 1 } },
      meta: { arg: { originalArgs: { email: 'a@b.com', senha: REDACTED, userType: 'ADMINISTRADOR' } }, note: REDACTED },
    });
  });

  it('hides the stored token wherever it appears, and a call’s request and headers', () => {
    const request = new Request('http://localhost/api/auth/verify', { headers: { Authorization: 'Bearer tok-123' } });
    const shown = redactSecrets({ list: ['x', 'contains tok-123 here'], meta: { request, headers: request.headers } }, 'tok-123');
    expect(shown).toEqual({ list: ['x', REDACTED], meta: { request: 'GET http://localhost/api/auth/verify', headers: REDACTED } });
    expect(JSON.stringify(shown)).not.toContain('tok-123');
  });

  it('returns the same objects where nothing is secret (a large cache is not copied)', () => {
    const state = { api: { queries: { a: { data: [{ id: 1, nome: 'Ana' }] } } }, auth: { user: null, isAuthenticated: false } };
    const shown = redactSecrets(state, 'tok');
    expect(shown).toBe(state);
    const withToken = { ...state, login: { token: 'tok' } };
    const redacted = redactSecrets(withToken, 'tok');
    expect(redacted.login.token).toBe(REDACTED);
    expect(redacted.api).toBe(state.api);
  });
});
