import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, DEFAULT_CACHES, DEFAULT_HTTP_TIMEOUTS, loadConfig, productionWarnings } from './config';
import { VARIABLES } from './lib/environment';

const base = { DATA_DIR: ':memory:', JWT_SECRET: 'a-secret-of-at-least-thirty-two-chars!!' };

describe('cache settings', () => {
  it("default to 2 s for the signed-in account and 30 s for a list's estimated total", () => {
    expect(loadConfig(base).caches).toEqual({ authTtlMs: 2000, estimateTtlMs: 30_000 });
    expect(DEFAULT_CACHES).toEqual({ authTtlMs: 2000, estimateTtlMs: 30_000 });
  });

  it('read AUTH_CACHE_TTL_MS; 0 turns the cache off', () => {
    expect(loadConfig({ ...base, AUTH_CACHE_TTL_MS: '0' }).caches).toEqual({ authTtlMs: 0, estimateTtlMs: 30_000 });
    expect(loadConfig({ ...base, AUTH_CACHE_TTL_MS: '250' }).caches).toEqual({ authTtlMs: 250, estimateTtlMs: 30_000 });
  });

  it('read COUNT_ESTIMATE_TTL_MS; 0 asks the planner every time', () => {
    expect(loadConfig({ ...base, COUNT_ESTIMATE_TTL_MS: '0' }).caches).toEqual({ authTtlMs: 2000, estimateTtlMs: 0 });
    expect(loadConfig({ ...base, COUNT_ESTIMATE_TTL_MS: '5000' }).caches).toEqual({ authTtlMs: 2000, estimateTtlMs: 5000 });
  });

  it.each(['-1', '1.5', 'dois', '1e3x'])('refuse %s with a clear message', (value) => {
    expect(() => loadConfig({ ...base, AUTH_CACHE_TTL_MS: value })).toThrow(
      'AUTH_CACHE_TTL_MS deve ser um número inteiro de milissegundos (0 desativa)',
    );
    expect(() => loadConfig({ ...base, COUNT_ESTIMATE_TTL_MS: value })).toThrow(
      'COUNT_ESTIMATE_TTL_MS deve ser um número inteiro de milissegundos (0 desativa)',
    );
  });
});

describe('SESSION_MAX_AGE_HOURS', () => {
  it('defaults to 12 hours', () => {
    expect(loadConfig(base).sessionMaxAgeMs).toBe(12 * 60 * 60 * 1000);
  });

  it('reads whole hours', () => {
    expect(loadConfig({ ...base, SESSION_MAX_AGE_HOURS: '4' }).sessionMaxAgeMs).toBe(4 * 60 * 60 * 1000);
  });

  it.each(['0', '-1', '1.5', 'doze', '721'])('refuses %s with a clear message', (value) => {
    expect(() => loadConfig({ ...base, SESSION_MAX_AGE_HOURS: value })).toThrow(
      'SESSION_MAX_AGE_HOURS deve ser um número inteiro de horas entre 1 e 720',
    );
  });
});

describe('upstream services in production', () => {
  const production = { ...base, NODE_ENV: 'production' };

  it.each([
    ['PAYMENT_GATEWAY', { TELEMEDICINE_PROVIDER: 'local' }],
    ['TELEMEDICINE_PROVIDER', { PAYMENT_GATEWAY: 'sandbox' }],
  ])('refuse to start without %s, naming it', (name, others) => {
    expect(() => loadConfig({ ...production, ...others })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, ...others, [name]: ' ' })).toThrow(`${name} é obrigatório em produção`);
  });

  it('start with the local stand-ins chosen on purpose, and warn about them', () => {
    const config = loadConfig({ ...production, PAYMENT_GATEWAY: 'sandbox', TELEMEDICINE_PROVIDER: 'local' });
    expect(config.payments.gateway).toBe('sandbox');
    expect(config.telemedicine.provider).toBe('local');
    expect(productionWarnings(config)).toEqual([
      expect.stringContaining('PAYMENT_GATEWAY=sandbox em produção'),
      expect.stringContaining('TELEMEDICINE_PROVIDER=local em produção'),
    ]);
  });

  it('warn about nothing with the real services', () => {
    const config = loadConfig({
      ...production,
      PAYMENT_GATEWAY: 'asaas',
      ASAAS_API_KEY: 'chave',
      ASAAS_WEBHOOK_TOKEN: 'token',
      TELEMEDICINE_PROVIDER: 'rapidoc',
      RAPIDOC_BASE_URL: 'https://rapidoc.example',
      RAPIDOC_CLIENT_ID: 'cliente',
      RAPIDOC_TOKEN: 'token',
    });
    expect(productionWarnings(config)).toEqual([]);
  });

  it('keep the sandbox and local defaults outside production', () => {
    const config = loadConfig(base);
    expect([config.payments.gateway, config.telemedicine.provider]).toEqual(['sandbox', 'local']);
    expect(productionWarnings(config)).toEqual([]);
  });
});

describe('ADMIN_PASSWORD in production', () => {
  const production = {
    ...base,
    NODE_ENV: 'production',
    PAYMENT_GATEWAY: 'sandbox',
    TELEMEDICINE_PROVIDER: 'local',
    ADMIN_EMAIL: 'ti@empresa.com.br',
  };

  it.each([
    ['12345678', 'ADMIN_PASSWORD é uma senha comum demais: escolha outra'],
    ['Password1', 'ADMIN_PASSWORD é uma senha comum demais: escolha outra'],
    ['curta7!', 'ADMIN_PASSWORD deve ter pelo menos 8 caracteres'],
    ['x'.repeat(129), 'ADMIN_PASSWORD deve ter no máximo 128 caracteres'],
  ])('refuses %s', (password, message) => {
    expect(() => loadConfig({ ...production, ADMIN_PASSWORD: password })).toThrow(message);
  });

  it('accepts an uncommon one', () => {
    expect(loadConfig({ ...production, ADMIN_PASSWORD: 'cavalo-grampo-bateria-7' }).admin?.password).toBe('cavalo-grampo-bateria-7');
  });
});

describe('TRUST_PROXY', () => {
  it('unset or empty trusts no proxy, in production too', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox', TELEMEDICINE_PROVIDER: 'local', TRUST_PROXY: '' })
        .trustProxy,
    ).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a hop count', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
  });

  it('takes a comma-separated list of addresses, CIDRs and proxy-addr range names', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.5, 10.0.0.0/8,fd00::/8 ,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it.each(['true', 'yes', '*', '10.0.0.300', '10.0.0.0/33', 'fd00::/129', '10.0.0.1,', 'proxy.interno', '-1', '1.5'])(
    'refuses %s with a message naming the variable',
    (value) => {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(/^TRUST_PROXY deve ser/);
    },
  );
});

describe('HTTP time limits', () => {
  it('default to 30 s for a whole request and for a silent connection', () => {
    expect(loadConfig(base).httpTimeouts).toEqual({ requestMs: 30_000, connectionMs: 30_000 });
    expect(DEFAULT_HTTP_TIMEOUTS).toEqual({ requestMs: 30_000, connectionMs: 30_000 });
  });

  it('read REQUEST_TIMEOUT_MS and CONNECTION_TIMEOUT_MS', () => {
    expect(loadConfig({ ...base, REQUEST_TIMEOUT_MS: '60000', CONNECTION_TIMEOUT_MS: '45000' }).httpTimeouts).toEqual({
      requestMs: 60_000,
      connectionMs: 45_000,
    });
  });

  it.each(['0', '-5', '2.5', 'trinta'])('refuse %s: the limits cannot be turned off', (value) => {
    expect(() => loadConfig({ ...base, REQUEST_TIMEOUT_MS: value })).toThrow(
      'REQUEST_TIMEOUT_MS deve ser um número inteiro positivo de milissegundos',
    );
    expect(() => loadConfig({ ...base, CONNECTION_TIMEOUT_MS: value })).toThrow(ConfigError);
  });
});

describe('one schema for every variable', () => {
  it.each([
    ['DATABASE_POOL_SIZE', 'abc', 'DATABASE_POOL_SIZE deve ser um número inteiro de conexões entre 1 e 1000'],
    ['DATABASE_POOL_SIZE', '0', 'DATABASE_POOL_SIZE deve ser um número inteiro de conexões entre 1 e 1000'],
    ['PAYMENT_TIMEOUT_MS', '-5', 'PAYMENT_TIMEOUT_MS deve ser um número inteiro positivo de milissegundos'],
    ['TELEMEDICINE_TIMEOUT_MS', 'dez', 'TELEMEDICINE_TIMEOUT_MS deve ser um número inteiro positivo de milissegundos'],
    ['PORT', '70000', 'PORT deve ser um número de porta entre 0 e 65535'],
    ['METRICS_PORT', 'nove', 'METRICS_PORT deve ser um número de porta entre 1 e 65535'],
    ['PGLITE_SHARED_BUFFERS', "32MB'; drop", 'PGLITE_SHARED_BUFFERS deve ser um tamanho como 32MB (kB, MB ou GB)'],
    ['DATABASE_URL', 'mysql://banco', 'DATABASE_URL deve ser uma URL postgres://usuário:senha@servidor:porta/banco'],
    ['PAYMENT_GATEWAY', 'stripe', 'PAYMENT_GATEWAY deve ser um de: sandbox, asaas'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL deve ser um de: fatal, error, warn, info, debug, trace, silent'],
    ['DEMO_SEED', 'talvez', 'DEMO_SEED deve ser true ou false'],
  ])('stops on %s=%s naming the variable and what it expects', (name, value, message) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(message);
  });

  it('reads the pool size, the embedded database memory and the metrics port', () => {
    const config = loadConfig({ ...base, DATABASE_POOL_SIZE: '25', PGLITE_SHARED_BUFFERS: '64MB', METRICS_PORT: '9464', HOST: '10.0.0.2' });
    expect(config.databasePoolSize).toBe(25);
    expect(config.pglite).toEqual({ sharedBuffers: '64MB', workMem: '4MB' });
    expect(config.metrics).toEqual({ port: 9464, host: '10.0.0.2' });
    expect(loadConfig(base).metrics).toBeUndefined();
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ ...base, DATABASE_POOL_SIZE: '', PORT: ' ', METRICS_PORT: '' })).toMatchObject({
      databasePoolSize: 10,
      port: 3000,
    });
  });

  it('refuses a drain time as long as the stop deadline', () => {
    expect(() => loadConfig({ ...base, SHUTDOWN_DRAIN_MS: '10000' })).toThrow('SHUTDOWN_DRAIN_MS deve ser menor que SHUTDOWN_TIMEOUT_MS');
    expect(loadConfig({ ...base, SHUTDOWN_DRAIN_MS: '2000' })).toMatchObject({ shutdownDrainMs: 2000, shutdownTimeoutMs: 10_000 });
  });
});

describe('.env file', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'portal-env-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is read when present, under the environment, and checked by the same schema', () => {
    const file = path.join(folder, '.env');
    writeFileSync(file, '# comentário\nDATABASE_POOL_SIZE=7\nPORT=4100\nAUTH_CACHE_TTL_MS=\n');
    const config = loadConfig({ ...base, PORT: '4200' }, { dotenvPath: file });
    expect(config.databasePoolSize).toBe(7);
    expect(config.port).toBe(4200);
    expect(config.caches.authTtlMs).toBe(2000);
    writeFileSync(file, 'REQUEST_TIMEOUT_MS=-1\n');
    expect(() => loadConfig(base, { dotenvPath: file })).toThrow('REQUEST_TIMEOUT_MS deve ser um número inteiro positivo de milissegundos');
  });

  it('is optional', () => {
    expect(loadConfig(base, { dotenvPath: path.join(folder, 'nenhum.env') }).port).toBe(3000);
  });
});

describe('.env.example', () => {
  const example = readFileSync(path.join(__dirname, '..', '.env.example'), 'utf8');
  const names = Object.keys(VARIABLES);

  it('lists every variable of the schema, with its default when it has one', () => {
    expect(names.length).toBeGreaterThan(30);
    for (const [name, variable] of Object.entries(VARIABLES)) {
      const line = example.split('\n').find((candidate) => new RegExp(`^#? ?${name}=`).test(candidate));
      expect([name, line !== undefined]).toEqual([name, true]);
      if ('fallback' in variable && !variable.fallback.startsWith('('))
        expect([name, line]).toEqual([name, expect.stringContaining(`=${variable.fallback}`)]);
    }
  });

  it('names no variable the schema does not know', () => {
    const listed = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect(listed.filter((name) => !names.includes(name))).toEqual([]);
  });
});
