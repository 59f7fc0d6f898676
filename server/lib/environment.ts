import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import envSchema from 'env-schema';

/**
 * Every environment variable the server reads, in one JSON schema checked once at start
 * (env-schema). `expects` completes "<VARIABLE> deve ser …" when a value is malformed; `fallback` is
 * the default `.env.example` shows (the schema gives none: `config.ts` applies them, some depend on
 * NODE_ENV). Rules that span variables (production's requirements, TRUST_PROXY's forms) live in
 * `config.ts`.
 */
interface Variable {
  schema: Record<string, unknown>;
  expects: string;
  fallback?: string;
}

const integer = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum });
const text = (pattern?: string) => ({ type: 'string', ...(pattern ? { pattern } : {}) });
const choice = (...values: string[]) => ({ type: 'string', enum: values });
const HTTP_URL = '^https?://\\S+$';
const MEMORY_SIZE = '^[0-9]{1,6}(kB|MB|GB)$';
const MILLISECONDS = 'um número inteiro de milissegundos (0 desativa)';
const POSITIVE_MILLISECONDS = 'um número inteiro positivo de milissegundos';
const MAX_MS = 24 * 60 * 60 * 1000;

export const VARIABLES = {
  NODE_ENV: { schema: text(), expects: 'um texto (production, development, test)', fallback: 'development' },
  PORT: { schema: integer(0, 65535), expects: 'um número de porta entre 0 e 65535', fallback: '3000' },
  HOST: { schema: text(), expects: 'um endereço de interface', fallback: '0.0.0.0' },
  TRUST_PROXY: { schema: text(), expects: 'um número de proxies ou uma lista de endereços' },
  REQUEST_TIMEOUT_MS: { schema: integer(1, MAX_MS), expects: POSITIVE_MILLISECONDS, fallback: '30000' },
  CONNECTION_TIMEOUT_MS: { schema: integer(1, MAX_MS), expects: POSITIVE_MILLISECONDS, fallback: '30000' },
  SHUTDOWN_TIMEOUT_MS: {
    schema: integer(1000, 120_000),
    expects: 'um número inteiro de milissegundos entre 1000 e 120000',
    fallback: '10000',
  },
  SHUTDOWN_DRAIN_MS: { schema: integer(0, 60_000), expects: 'um número inteiro de milissegundos entre 0 e 60000', fallback: '0' },
  METRICS_PORT: { schema: integer(1, 65535), expects: 'um número de porta entre 1 e 65535' },
  METRICS_HOST: { schema: text(), expects: 'um endereço de interface', fallback: '(o de HOST)' },
  DATABASE_URL: { schema: text('^postgres(ql)?://\\S+$'), expects: 'uma URL postgres://usuário:senha@servidor:porta/banco' },
  DATABASE_POOL_SIZE: { schema: integer(1, 1000), expects: 'um número inteiro de conexões entre 1 e 1000', fallback: '10' },
  PGLITE_SHARED_BUFFERS: { schema: text(MEMORY_SIZE), expects: 'um tamanho como 32MB (kB, MB ou GB)', fallback: '32MB' },
  PGLITE_WORK_MEM: { schema: text(MEMORY_SIZE), expects: 'um tamanho como 4MB (kB, MB ou GB)', fallback: '4MB' },
  AUTH_CACHE_TTL_MS: { schema: integer(0, MAX_MS), expects: MILLISECONDS, fallback: '2000' },
  COUNT_ESTIMATE_TTL_MS: { schema: integer(0, MAX_MS), expects: MILLISECONDS, fallback: '30000' },
  DATA_DIR: { schema: text(), expects: 'o caminho de uma pasta', fallback: './data' },
  JWT_SECRET: { schema: text(), expects: 'um texto de pelo menos 32 caracteres' },
  SESSION_MAX_AGE_HOURS: { schema: integer(1, 720), expects: 'um número inteiro de horas entre 1 e 720', fallback: '12' },
  DEMO_SEED: { schema: choice('true', 'false'), expects: 'true ou false', fallback: 'true' },
  ADMIN_EMAIL: { schema: text('^[^\\s@]+@[^\\s@]+$'), expects: 'um e-mail' },
  ADMIN_PASSWORD: { schema: text(), expects: 'uma senha' },
  PUBLIC_URL: { schema: text(HTTP_URL), expects: 'uma URL http(s)://' },
  CUSTOMER_SITE_URL: { schema: text(HTTP_URL), expects: 'uma URL http(s)://' },
  TELEMEDICINE_PROVIDER: { schema: choice('local', 'rapidoc'), expects: 'um de: local, rapidoc', fallback: 'local' },
  RAPIDOC_BASE_URL: { schema: text(HTTP_URL), expects: 'uma URL http(s)://' },
  RAPIDOC_CLIENT_ID: { schema: text(), expects: 'um texto' },
  RAPIDOC_TOKEN: { schema: text(), expects: 'um texto' },
  TELEMEDICINE_TIMEOUT_MS: { schema: integer(1, MAX_MS), expects: POSITIVE_MILLISECONDS, fallback: '10000' },
  ATTENDANCE_ROOM_BASE_URL: { schema: text(HTTP_URL), expects: 'uma URL http(s)://', fallback: 'https://meet.jit.si/PortalSaude-' },
  PAYMENT_GATEWAY: { schema: choice('sandbox', 'asaas'), expects: 'um de: sandbox, asaas', fallback: 'sandbox' },
  ASAAS_BASE_URL: { schema: text(HTTP_URL), expects: 'uma URL http(s)://' },
  ASAAS_API_KEY: { schema: text(), expects: 'um texto' },
  ASAAS_WEBHOOK_TOKEN: { schema: text(), expects: 'um texto' },
  PAYMENT_TIMEOUT_MS: { schema: integer(1, MAX_MS), expects: POSITIVE_MILLISECONDS, fallback: '15000' },
  PIX_EXPIRATION_SECONDS: {
    schema: integer(10, 24 * 60 * 60),
    expects: 'um número inteiro de segundos entre 10 e 86400',
    fallback: '1800',
  },
  PIX_MERCHANT_NAME: { schema: { type: 'string', maxLength: 25 }, expects: 'um texto de até 25 caracteres', fallback: 'Portal Saude' },
  PIX_MERCHANT_CITY: { schema: { type: 'string', maxLength: 15 }, expects: 'um texto de até 15 caracteres', fallback: 'Sao Paulo' },
  PIX_KEY: { schema: { type: 'string', maxLength: 77 }, expects: 'uma chave Pix de até 77 caracteres', fallback: 'pix@portalsaude.com.br' },
  CEP_PROVIDER: { schema: choice('viacep', 'off'), expects: 'um de: viacep, off', fallback: 'viacep' },
  VIACEP_BASE_URL: { schema: text(HTTP_URL), expects: 'uma URL http(s)://', fallback: 'https://viacep.com.br' },
  CEP_TIMEOUT_MS: { schema: integer(1, 60_000), expects: 'um número inteiro de milissegundos entre 1 e 60000', fallback: '2000' },
  LOG_LEVEL: {
    schema: choice('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
    expects: 'um de: fatal, error, warn, info, debug, trace, silent',
  },
  STATIC_DIR: { schema: text(), expects: 'o caminho de uma pasta', fallback: './dist' },
} satisfies Record<string, Variable>;

export type VariableName = keyof typeof VARIABLES;

/** The checked values: integers as numbers, every other value as text; a variable left empty is absent. */
export type Environment = Partial<Record<VariableName, string | number>>;

/** A malformed or missing setting, with a Portuguese message naming the variable. */
export class ConfigError extends Error {}

const SCHEMA = {
  type: 'object',
  properties: Object.fromEntries(Object.entries(VARIABLES).map(([name, variable]) => [name, variable.schema])),
};

/**
 * Only our variables; empty or blank ones count as unset (as before: `PORT=` means the default).
 * Values are kept as written: a secret's spaces are part of it.
 */
function ours(env: NodeJS.Dict<string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of Object.keys(VARIABLES)) {
    const value = env[name];
    if (value?.trim()) values[name] = value;
  }
  return values;
}

interface SchemaError {
  instancePath: string;
}

/** The `.env` file's variables (read as env-schema reads it, with Node's parseEnv), or none when there is no file. */
function dotenvFile(path: string | undefined): NodeJS.Dict<string> {
  return path && existsSync(path) ? parseEnv(readFileSync(path, 'utf8')) : {};
}

/**
 * Checks the environment against the schema: a `.env` file (when `dotenvPath` names one that exists)
 * under the given variables, which win. The first malformed variable stops everything with
 * "<VARIABLE> deve ser <what it expects>".
 */
export function readEnvironment(env: NodeJS.ProcessEnv, dotenvPath?: string): Environment {
  const data = { ...ours(dotenvFile(dotenvPath)), ...ours(env) };
  try {
    return envSchema({ schema: structuredClone(SCHEMA), data, env: false }) as Environment;
  } catch (error) {
    const [first] = (error as { errors?: SchemaError[] }).errors ?? [];
    const name = first?.instancePath.replace(/^\//, '') as VariableName | undefined;
    if (name && VARIABLES[name]) throw new ConfigError(`${name} deve ser ${VARIABLES[name].expects}`);
    throw error;
  }
}
