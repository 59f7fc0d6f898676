import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '../../src/domain/messages';
import { buildApp } from '../app';
import { testConfig, type AppConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { auditLog, beneficiaries } from '../db/schema';
import { seedDemo } from '../seed';
import { login } from '../test/helpers';

/**
 * Whose address a request has: the socket's, unless TRUST_PROXY names the proxies in front. A client
 * that makes up a new X-Forwarded-For on each request must change neither the sign-in throttle nor
 * the address in the audit trail.
 */

interface Portal {
  app: FastifyInstance;
  close(): Promise<void>;
}

async function startPortal(config: Partial<AppConfig>): Promise<Portal> {
  // A database of its own even in production mode (buildApp would open DATABASE_URL's own database).
  const database: DatabaseHandle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ':memory:', isolated: true });
  const app = await buildApp(testConfig(config), { database });
  await seedDemo(app.db, app.passwords);
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const forwarded = (forwardedFor?: string) => (forwardedFor ? { 'x-forwarded-for': forwardedFor } : {});

function signIn(app: FastifyInstance, senha: string, remoteAddress: string, forwardedFor?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'parceiro@demo.com.br', senha, userType: 'PARCEIRO' },
    remoteAddress,
    headers: forwarded(forwardedFor),
  });
}

/** Opens a beneficiary as the administrator and returns the address its audit row recorded. */
async function auditedAddress(app: FastifyInstance, remoteAddress: string, forwardedFor?: string): Promise<string> {
  const token = await login(app, 'admin@demo.com.br', 'ADMINISTRADOR');
  const [beneficiary] = await app.db.select({ cpf: beneficiaries.cpf, uuid: beneficiaries.uuid }).from(beneficiaries).limit(1);
  const response = await app.inject({
    method: 'GET',
    url: `/api/beneficiaries/cpf/${beneficiary.cpf}`,
    remoteAddress,
    headers: { authorization: `Bearer ${token}`, ...forwarded(forwardedFor) },
  });
  expect(response.statusCode).toBe(200);
  const [row] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, beneficiary.uuid)).orderBy(desc(auditLog.id)).limit(1);
  return row.ipAddress;
}

describe('in production without TRUST_PROXY', () => {
  let portal: Portal;
  beforeAll(async () => (portal = await startPortal({ production: true })));
  afterAll(() => portal.close());

  it('a new made-up X-Forwarded-For on each attempt does not escape the sign-in throttle', async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await signIn(portal.app, 'errada123', '198.51.100.7', `203.0.113.${attempt}`)).statusCode).toBe(401);
    }
    const blocked = await signIn(portal.app, 'demo1234', '198.51.100.7', '203.0.113.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
  });

  it('the audit trail records the socket’s address, not the forwarded one', async () => {
    expect(await auditedAddress(portal.app, '198.51.100.8', '203.0.113.50')).toBe('198.51.100.8');
  });
});

describe('TRUST_PROXY=1: one proxy in front', () => {
  let portal: Portal;
  beforeAll(async () => (portal = await startPortal({ trustProxy: 1 })));
  afterAll(() => portal.close());

  it('throttles the address the proxy forwarded, not the proxy', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(portal.app, 'errada123', '10.0.0.1', '203.0.113.10')).statusCode).toBe(401);
    }
    expect((await signIn(portal.app, 'demo1234', '10.0.0.1', '203.0.113.10')).statusCode).toBe(429);
    expect((await signIn(portal.app, 'demo1234', '10.0.0.1', '203.0.113.11')).statusCode).toBe(200);
  });

  it('records the forwarded address, and only the hop the proxy added', async () => {
    expect(await auditedAddress(portal.app, '10.0.0.1', '203.0.113.20')).toBe('203.0.113.20');
    // The client's own X-Forwarded-For comes first; the proxy appends what it saw.
    expect(await auditedAddress(portal.app, '10.0.0.1', '192.0.2.66, 203.0.113.21')).toBe('203.0.113.21');
  });
});

describe('TRUST_PROXY=10.0.0.1: a list of proxies', () => {
  let portal: Portal;
  beforeAll(async () => (portal = await startPortal({ trustProxy: ['10.0.0.1'] })));
  afterAll(() => portal.close());

  it('believes X-Forwarded-For from a listed proxy only', async () => {
    expect(await auditedAddress(portal.app, '10.0.0.1', '203.0.113.30')).toBe('203.0.113.30');
    expect(await auditedAddress(portal.app, '198.51.100.9', '203.0.113.31')).toBe('198.51.100.9');
  });
});
