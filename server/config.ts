import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { PASSWORD_MAX_LENGTH } from '../src/domain/messages';
import { ConfigError, readEnvironment, type VariableName } from './lib/environment';
import { isCommonPassword } from './services/auth/newPasswords';

export { ConfigError } from './lib/environment';

export type TelemedicineProviderKind = 'local' | 'rapidoc';
export type PaymentGatewayKind = 'sandbox' | 'asaas';
export type CepProviderKind = 'viacep' | 'off';

/** Pix at the checkout: how long a code is offered, and the sandbox's merchant (Asaas uses its own). */
export interface PixSettings {
  expirationMs: number;
  merchantName: string;
  merchantCity: string;
  key: string;
}
/** Which proxies' X-Forwarded-For to believe, in the forms Fastify's `trustProxy` takes: none, a hop count, or addresses/CIDRs. */
export const DEFAULT_PIX: PixSettings = {
  expirationMs: 30 * 60 * 1000,
  merchantName: 'Portal Saude',
  merchantCity: 'Sao Paulo',
  key: 'pix@portalsaude.com.br',
};

export type TrustProxy = false | number | string[];

export interface AppConfig {
  production: boolean;
  port: number;
  host: string;
  /** TRUST_PROXY: unset trusts no proxy, and the socket's address is the client's. */
  trustProxy: TrustProxy;
  /**
   * In milliseconds: a whole request (headers and body) must arrive within `requestMs`; a connection
   * silent for `connectionMs` (nothing sent or read, a client that stopped reading) is closed.
   */
  httpTimeouts: { requestMs: number; connectionMs: number };
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Connections in this process's pool (PostgreSQL). */
  databasePoolSize: number;
  /** The embedded database's memory settings (PGlite's footprint follows shared_buffers). */
  pglite: { sharedBuffers: string; workMem: string };
  /** Folder for PGlite data, the demo JWT secret and uploaded files; ':memory:' keeps everything in memory. */
  dataDir: string;
  jwtSecret: string;
  /** A session token older than this is refused, whatever its own expiry says (SESSION_MAX_AGE_HOURS). */
  sessionMaxAgeMs: number;
  demoSeed: boolean;
  admin?: { email: string; password: string };
  /** Folder with the built SPA; absent in API-only tests. */
  staticDir?: string;
  publicUrl?: string;
  customerSiteUrl?: string;
  telemedicine: {
    provider: TelemedicineProviderKind;
    baseUrl?: string;
    clientId?: string;
    token?: string;
    timeoutMs: number;
    /** `local` provider: video rooms are this URL plus a random name. */
    roomBaseUrl?: string;
  };
  payments: { gateway: PaymentGatewayKind; baseUrl?: string; apiKey?: string; webhookToken?: string; timeoutMs: number; pix?: PixSettings };
  /** The address lookup by CEP behind GET /api/cep/:cep. */
  cep: { provider: CepProviderKind; baseUrl: string; timeoutMs: number };
  /**
   * In-process caches, in milliseconds (0 turns one off): the signed-in account behind a token, voided
   * by any write this process or (PostgreSQL) another copy makes.
   */
  caches: { authTtlMs: number; estimateTtlMs: number };
  logLevel: string;
  /** METRICS_PORT: Prometheus metrics on a port of their own; absent turns them off. */
  metrics?: { port: number; host: string };
  /**
   * After SIGTERM: how long the copy keeps answering (health 503) before it stops listening, for
   * load balancers that poll health; and the longest it waits for requests in flight before exiting.
   */
  shutdownDrainMs: number;
  shutdownTimeoutMs: number;
  /** Skip the per-request argon2 cost in tests that sign in many times. */
  fastPasswordHashing: boolean;
}

const MIN_SECRET_LENGTH = 32;

function readDemoSecret(dataDir: string): string {
  if (dataDir === ':memory:') return randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The account cache's lifetime, and how long a list's estimated total is reused for the same query
 * (lib/boundedCount.ts: approximate anyway, and paging re-asks it), when the environment says nothing.
 */
export const DEFAULT_CACHES = { authTtlMs: 2000, estimateTtlMs: 30_000 } as const;

/** Default SESSION_MAX_AGE_HOURS: a working day, whatever a token's own expiry says. */
export const DEFAULT_SESSION_MAX_AGE_HOURS = 12;

/**
 * An upstream service that production must name on purpose: left unset, the portal would silently
 * fake it (approve every card, keep appointments only locally).
 */
function requiredInProduction(production: boolean, name: string, value: string | undefined, choices: { real: string; standIn: string }) {
  if (production && value === undefined) {
    throw new ConfigError(
      `${name} é obrigatório em produção: defina ${name}=${choices.real} (ou ${name}=${choices.standIn}, de propósito, numa cópia de homologação)`,
    );
  }
  return value;
}

/** Warnings for a production server that runs with a local stand-in on purpose (logged at start). */
export function productionWarnings(config: Pick<AppConfig, 'production' | 'payments' | 'telemedicine'>): string[] {
  if (!config.production) return [];
  const warnings: string[] = [];
  if (config.payments.gateway === 'sandbox') {
    warnings.push('PAYMENT_GATEWAY=sandbox em produção: nenhum cartão é cobrado de verdade e toda venda aprovada é fictícia.');
  }
  if (config.telemedicine.provider === 'local') {
    warnings.push(
      'TELEMEDICINE_PROVIDER=local em produção: beneficiários, consultas e encaminhamentos não chegam ao provedor de telemedicina.',
    );
  }
  return warnings;
}

/** The first administrator's password in production: the rules of any password set, and 8 characters at least. */
function checkAdminPassword(password: string): void {
  if (password.length < 8) throw new ConfigError('ADMIN_PASSWORD deve ter pelo menos 8 caracteres');
  if (password.length > PASSWORD_MAX_LENGTH) throw new ConfigError(`ADMIN_PASSWORD deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres`);
  if (isCommonPassword(password)) throw new ConfigError('ADMIN_PASSWORD é uma senha comum demais: escolha outra');
}

/** How long a request may take to arrive, and a connection may stay silent, when the environment says nothing. */
export const DEFAULT_HTTP_TIMEOUTS = { requestMs: 30_000, connectionMs: 30_000 } as const;

/** proxy-addr's names for the loopback, link-local and private ranges, which Fastify accepts too. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: empty trusts no proxy (a client's own X-Forwarded-For is ignored); `1` trusts the one
 * hop in front (nginx on the same path), a larger number that many; a comma-separated list trusts
 * exactly those proxy addresses or CIDRs. Anything else, `true` included, is refused.
 */
function trustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  throw new ConfigError(
    'TRUST_PROXY deve ser o número de proxies à frente do servidor (ex.: 1) ou uma lista de endereços ou CIDRs separados por vírgula (ex.: 10.0.0.5,10.0.0.0/8); vazio não confia em nenhum proxy',
  );
}

export interface LoadConfigOptions {
  /** A `.env` file read under the environment when it exists (the server passes the working folder's). */
  dotenvPath?: string;
}

/**
 * Reads and checks every setting once, from the environment (and a `.env` file under it): malformed
 * values stop the start naming the variable; production refuses unsafe defaults.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): AppConfig {
  const values = readEnvironment(env, options.dotenvPath);
  const textOf = (name: VariableName) => values[name] as string | undefined;
  const numberOf = (name: VariableName, fallback: number) => (values[name] as number | undefined) ?? fallback;

  const production = textOf('NODE_ENV') === 'production';
  const dataDir = path.resolve(textOf('DATA_DIR') ?? './data');
  const host = textOf('HOST') ?? '0.0.0.0';

  let jwtSecret = textOf('JWT_SECRET') ?? '';
  if (production) {
    if (jwtSecret.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(`JWT_SECRET com pelo menos ${MIN_SECRET_LENGTH} caracteres é obrigatório em produção`);
    }
  } else if (!jwtSecret) {
    jwtSecret = readDemoSecret(dataDir);
  }

  const payments = {
    gateway: (requiredInProduction(production, 'PAYMENT_GATEWAY', textOf('PAYMENT_GATEWAY'), { real: 'asaas', standIn: 'sandbox' }) ??
      'sandbox') as PaymentGatewayKind,
    baseUrl: textOf('ASAAS_BASE_URL'),
    apiKey: textOf('ASAAS_API_KEY'),
    webhookToken: textOf('ASAAS_WEBHOOK_TOKEN'),
    timeoutMs: numberOf('PAYMENT_TIMEOUT_MS', 15000),
    pix: {
      expirationMs: numberOf('PIX_EXPIRATION_SECONDS', DEFAULT_PIX.expirationMs / 1000) * 1000,
      merchantName: textOf('PIX_MERCHANT_NAME') ?? DEFAULT_PIX.merchantName,
      merchantCity: textOf('PIX_MERCHANT_CITY') ?? DEFAULT_PIX.merchantCity,
      key: textOf('PIX_KEY') ?? DEFAULT_PIX.key,
    },
  };
  const cep = {
    provider: (textOf('CEP_PROVIDER') ?? 'viacep') as CepProviderKind,
    baseUrl: textOf('VIACEP_BASE_URL') ?? 'https://viacep.com.br',
    timeoutMs: numberOf('CEP_TIMEOUT_MS', 2000),
  };
  const telemedicine = {
    provider: (requiredInProduction(production, 'TELEMEDICINE_PROVIDER', textOf('TELEMEDICINE_PROVIDER'), {
      real: 'rapidoc',
      standIn: 'local',
    }) ?? 'local') as TelemedicineProviderKind,
    baseUrl: textOf('RAPIDOC_BASE_URL'),
    clientId: textOf('RAPIDOC_CLIENT_ID'),
    token: textOf('RAPIDOC_TOKEN'),
    timeoutMs: numberOf('TELEMEDICINE_TIMEOUT_MS', 10000),
    roomBaseUrl: textOf('ATTENDANCE_ROOM_BASE_URL'),
  };
  if (production && payments.gateway === 'asaas' && (!payments.apiKey || !payments.webhookToken)) {
    throw new ConfigError('ASAAS_API_KEY e ASAAS_WEBHOOK_TOKEN são obrigatórios com PAYMENT_GATEWAY=asaas');
  }
  if (telemedicine.provider === 'rapidoc' && (!telemedicine.baseUrl || !telemedicine.clientId || !telemedicine.token)) {
    throw new ConfigError('RAPIDOC_BASE_URL, RAPIDOC_CLIENT_ID e RAPIDOC_TOKEN são obrigatórios com TELEMEDICINE_PROVIDER=rapidoc');
  }

  const adminEmail = textOf('ADMIN_EMAIL');
  const adminPassword = textOf('ADMIN_PASSWORD');
  const admin = adminEmail && adminPassword ? { email: adminEmail, password: adminPassword } : undefined;
  if (admin && production) checkAdminPassword(admin.password);
  const metricsPort = values.METRICS_PORT as number | undefined;
  const shutdownDrainMs = numberOf('SHUTDOWN_DRAIN_MS', 0);
  const shutdownTimeoutMs = numberOf('SHUTDOWN_TIMEOUT_MS', 10_000);
  if (shutdownDrainMs >= shutdownTimeoutMs) throw new ConfigError('SHUTDOWN_DRAIN_MS deve ser menor que SHUTDOWN_TIMEOUT_MS');

  return {
    production,
    port: numberOf('PORT', 3000),
    host,
    trustProxy: trustProxy(textOf('TRUST_PROXY')),
    httpTimeouts: {
      requestMs: numberOf('REQUEST_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.requestMs),
      connectionMs: numberOf('CONNECTION_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.connectionMs),
    },
    databaseUrl: textOf('DATABASE_URL'),
    databasePoolSize: numberOf('DATABASE_POOL_SIZE', 10),
    pglite: { sharedBuffers: textOf('PGLITE_SHARED_BUFFERS') ?? '32MB', workMem: textOf('PGLITE_WORK_MEM') ?? '4MB' },
    dataDir,
    jwtSecret,
    sessionMaxAgeMs: numberOf('SESSION_MAX_AGE_HOURS', DEFAULT_SESSION_MAX_AGE_HOURS) * 60 * 60 * 1000,
    demoSeed: !production && textOf('DEMO_SEED') !== 'false',
    admin,
    staticDir: path.resolve(textOf('STATIC_DIR') ?? './dist'),
    publicUrl: textOf('PUBLIC_URL'),
    customerSiteUrl: textOf('CUSTOMER_SITE_URL'),
    telemedicine,
    payments,
    cep,
    caches: {
      authTtlMs: numberOf('AUTH_CACHE_TTL_MS', DEFAULT_CACHES.authTtlMs),
      estimateTtlMs: numberOf('COUNT_ESTIMATE_TTL_MS', DEFAULT_CACHES.estimateTtlMs),
    },
    logLevel: textOf('LOG_LEVEL') ?? (production ? 'info' : 'warn'),
    metrics: metricsPort ? { port: metricsPort, host: textOf('METRICS_HOST') ?? host } : undefined,
    shutdownDrainMs,
    shutdownTimeoutMs,
    fastPasswordHashing: false,
  };
}

/** A config for tests: in-memory database (or DATABASE_URL when set), fixed secret, no seed, no static files. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    production: false,
    port: 0,
    host: '127.0.0.1',
    trustProxy: false,
    httpTimeouts: { ...DEFAULT_HTTP_TIMEOUTS },
    databaseUrl: process.env.DATABASE_URL || undefined,
    databasePoolSize: 10,
    pglite: { sharedBuffers: '32MB', workMem: '4MB' },
    dataDir: ':memory:',
    jwtSecret: 'test-secret-with-at-least-32-characters!!',
    sessionMaxAgeMs: DEFAULT_SESSION_MAX_AGE_HOURS * 60 * 60 * 1000,
    demoSeed: false,
    telemedicine: { provider: 'local', timeoutMs: 2000 },
    payments: { gateway: 'sandbox', webhookToken: 'test-webhook-token', timeoutMs: 2000, pix: { ...DEFAULT_PIX } },
    // Tests never reach the real ViaCEP: those that look CEPs up start a fake and point here.
    cep: { provider: 'off', baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 },
    // The production default: every server test runs with the account cache on.
    caches: { ...DEFAULT_CACHES },
    logLevel: 'silent',
    shutdownDrainMs: 0,
    shutdownTimeoutMs: 10_000,
    fastPasswordHashing: true,
    ...overrides,
  };
}
