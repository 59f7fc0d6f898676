import { devToolsOptions, REDACTED, redactSecrets } from './devToolsSanitizer';

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

  it('hides any bearer header, whichever token it carries, and leaves text that only mentions one', () => {
    expect(redactSecrets('Bearer outro-token', 'tok')).toBe('[redacted]');
    expect(redactSecrets('bearer\toutro-token', null)).toBe(REDACTED);
    expect(redactSecrets('O cabeçalho Bearer vai no pedido', 'tok')).toBe('O cabeçalho Bearer vai no pedido');
    expect(redactSecrets('Bearers', 'tok')).toBe('Bearers');
    expect(redactSecrets('texto qualquer', null)).toBe('texto qualquer');
    // Signed out there is no token to look for (not even the word 'null').
    expect(redactSecrets('valor null aqui', null)).toBe('valor null aqui');
  });

  it('hides exactly the credential keys, in any case, and not keys that merely begin or end like one', () => {
    const shown = redactSecrets(
      {
        Authorization: 'x',
        newPassword: 'y',
        currentPassword: 'z',
        confirmPassword: 'z',
        SENHA: 'w',
        tokenVersion: 3,
        temSenha: true,
        senhaAlterada: true,
      },
      null,
    );
    expect(shown).toEqual({
      Authorization: REDACTED,
      newPassword: REDACTED,
      currentPassword: REDACTED,
      confirmPassword: REDACTED,
      SENHA: REDACTED,
      tokenVersion: 3,
      temSenha: true,
      senhaAlterada: true,
    });
  });

  it('describes a response by its status, and keeps dates, other class instances and empty values as they are', () => {
    const when = new Date('2026-11-27T12:00:00Z');
    const shown = redactSecrets({ response: new Response(null, { status: 401 }), when, missing: undefined, none: null, count: 0 }, 'tok');
    expect(shown).toEqual({ response: 'HTTP 401', when, missing: undefined, none: null, count: 0 });
    expect(shown.when).toBe(when);
  });

  it('looks inside objects without a prototype too', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { token: 'tok', nome: 'Ana' });
    expect(redactSecrets({ bare }, null).bare).toEqual(Object.assign(Object.create(null) as object, { token: REDACTED, nome: 'Ana' }));
  });

  it('is what the store gives Redux DevTools: actions and state cleaned of the stored token', () => {
    localStorage.setItem('token', 'tok-guardado');
    try {
      expect(devToolsOptions.name).toBe('Portal Saúde');
      expect(devToolsOptions.actionSanitizer({ type: 'x', payload: 'com tok-guardado dentro' } as { type: string })).toEqual({
        type: 'x',
        payload: REDACTED,
      });
      expect(devToolsOptions.stateSanitizer({ a: ['tok-guardado', 'livre'] })).toEqual({ a: [REDACTED, 'livre'] });
    } finally {
      localStorage.removeItem('token');
    }
  });
});
