import { ConfigError, DEFAULT_CACHES, loadConfig } from './config';

const base = { DATA_DIR: ':memory:', JWT_SECRET: 'a-secret-of-at-least-thirty-two-chars!!' };

describe('cache settings', () => {
  it('default to 2 s for sessions and 1 s for list answers', () => {
    expect(loadConfig(base).caches).toEqual({ authTtlMs: 2000, readTtlMs: 1000 });
    expect(DEFAULT_CACHES).toEqual({ authTtlMs: 2000, readTtlMs: 1000 });
  });

  it('read AUTH_CACHE_TTL_MS and READ_CACHE_TTL_MS; 0 turns a cache off', () => {
    expect(loadConfig({ ...base, AUTH_CACHE_TTL_MS: '0', READ_CACHE_TTL_MS: '250' }).caches).toEqual({ authTtlMs: 0, readTtlMs: 250 });
  });

  it.each(['-1', '1.5', 'dois', '1e3x'])('refuse %s with a clear message', (value) => {
    expect(() => loadConfig({ ...base, AUTH_CACHE_TTL_MS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, READ_CACHE_TTL_MS: value })).toThrow(
      'READ_CACHE_TTL_MS deve ser um número inteiro de milissegundos (0 desativa)',
    );
  });
});
