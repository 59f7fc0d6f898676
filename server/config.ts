import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type TelemedicineProviderKind = 'local' | 'rapidoc';
export type PaymentGatewayKind = 'sandbox' | 'asaas';

export interface AppConfig {
  production: boolean;
  port: number;
  host: string;
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder for PGlite data, the demo JWT secret and uploaded files; ':memory:' keeps everything in memory. */
  dataDir: string;
  jwtSecret: string;
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
  payments: { gateway: PaymentGatewayKind; baseUrl?: string; apiKey?: string; webhookToken?: string; timeoutMs: number };
  /**
   * In-process read caches, in milliseconds (0 turns one off): the signed-in account behind a token,
   * and the answers of list and report calls. Both are voided by any write this process makes.
   */
  caches: { authTtlMs: number; readTtlMs: number };
  logLevel: string;
  /** Skip the per-request argon2 cost in tests that sign in many times. */
  fastPasswordHashing: boolean;
}

export class ConfigError extends Error {}

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

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ConfigError(`${name} deve ser um de: ${allowed.join(', ')}`);
}

/** Cache lifetimes when the environment says nothing: short, since some lists depend on the clock. */
export const DEFAULT_CACHES = { authTtlMs: 2000, readTtlMs: 1000 } as const;

function milliseconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new ConfigError(`${name} deve ser um número inteiro de milissegundos (0 desativa)`);
  return number;
}

/** Reads and checks every setting once; production refuses unsafe defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const port = Number(env.PORT || 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError('PORT inválida');

  let jwtSecret = env.JWT_SECRET ?? '';
  if (production) {
    if (jwtSecret.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(`JWT_SECRET com pelo menos ${MIN_SECRET_LENGTH} caracteres é obrigatório em produção`);
    }
  } else if (!jwtSecret) {
    jwtSecret = readDemoSecret(dataDir);
  }

  const payments = {
    gateway: oneOf('PAYMENT_GATEWAY', env.PAYMENT_GATEWAY, ['sandbox', 'asaas'] as const, 'sandbox'),
    baseUrl: env.ASAAS_BASE_URL,
    apiKey: env.ASAAS_API_KEY,
    webhookToken: env.ASAAS_WEBHOOK_TOKEN,
    timeoutMs: Number(env.PAYMENT_TIMEOUT_MS || 15000),
  };
  const telemedicine = {
    provider: oneOf('TELEMEDICINE_PROVIDER', env.TELEMEDICINE_PROVIDER, ['local', 'rapidoc'] as const, 'local'),
    baseUrl: env.RAPIDOC_BASE_URL,
    clientId: env.RAPIDOC_CLIENT_ID,
    token: env.RAPIDOC_TOKEN,
    timeoutMs: Number(env.TELEMEDICINE_TIMEOUT_MS || 10000),
    roomBaseUrl: env.ATTENDANCE_ROOM_BASE_URL || undefined,
  };
  if (production && payments.gateway === 'asaas' && (!payments.apiKey || !payments.webhookToken)) {
    throw new ConfigError('ASAAS_API_KEY e ASAAS_WEBHOOK_TOKEN são obrigatórios com PAYMENT_GATEWAY=asaas');
  }
  if (telemedicine.provider === 'rapidoc' && (!telemedicine.baseUrl || !telemedicine.clientId || !telemedicine.token)) {
    throw new ConfigError('RAPIDOC_BASE_URL, RAPIDOC_CLIENT_ID e RAPIDOC_TOKEN são obrigatórios com TELEMEDICINE_PROVIDER=rapidoc');
  }

  const admin = env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined;
  if (admin && admin.password.length < 8 && production) throw new ConfigError('ADMIN_PASSWORD deve ter pelo menos 8 caracteres');

  return {
    production,
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    jwtSecret,
    demoSeed: !production && env.DEMO_SEED !== 'false',
    admin,
    staticDir: path.resolve(env.STATIC_DIR || './dist'),
    publicUrl: env.PUBLIC_URL,
    customerSiteUrl: env.CUSTOMER_SITE_URL,
    telemedicine,
    payments,
    caches: {
      authTtlMs: milliseconds('AUTH_CACHE_TTL_MS', env.AUTH_CACHE_TTL_MS, DEFAULT_CACHES.authTtlMs),
      readTtlMs: milliseconds('READ_CACHE_TTL_MS', env.READ_CACHE_TTL_MS, DEFAULT_CACHES.readTtlMs),
    },
    logLevel: env.LOG_LEVEL || (production ? 'info' : 'warn'),
    fastPasswordHashing: false,
  };
}

/** A config for tests: in-memory database (or DATABASE_URL when set), fixed secret, no seed, no static files. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    production: false,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: ':memory:',
    jwtSecret: 'test-secret-with-at-least-32-characters!!',
    demoSeed: false,
    telemedicine: { provider: 'local', timeoutMs: 2000 },
    payments: { gateway: 'sandbox', webhookToken: 'test-webhook-token', timeoutMs: 2000 },
    // The production defaults: every server test runs with the caches on.
    caches: { ...DEFAULT_CACHES },
    logLevel: 'silent',
    fastPasswordHashing: true,
    ...overrides,
  };
}
