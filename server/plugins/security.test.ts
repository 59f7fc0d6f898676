import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openDatabase } from '../db/client';
import { createTestApp } from '../test/helpers';

/** Permissions-Policy everywhere; upgrade-insecure-requests in production's CSP only. */

const FEATURES_OFF = ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()'];

describe('on a demo server', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it.each([
    ['a public answer', '/api/health'],
    ['a refusal', '/api/auth/verify'],
    ['an unknown path', '/api/nada-aqui'],
  ])('sends a Permissions-Policy turning off camera, microphone, geolocation and payment on %s', async (_case, url) => {
    const policy = (await app.inject({ method: 'GET', url })).headers['permissions-policy'];
    expect(String(policy).split(', ')).toEqual(expect.arrayContaining(FEATURES_OFF));
  });

  it("requires Trusted Types, made only by the bundle's policy", async () => {
    const directives = String((await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']).split(';');
    expect(directives).toEqual(expect.arrayContaining(["require-trusted-types-for 'script'", 'trusted-types portal-saude']));
  });

  it('does not ask for upgrade-insecure-requests (plain http on localhost must work)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']).not.toContain(
      'upgrade-insecure-requests',
    );
  });
});

describe('on a production server', () => {
  let app: FastifyInstance;
  let closeDatabase: () => Promise<void>;
  beforeAll(async () => {
    const config = testConfig({ production: true });
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: ':memory:', isolated: true });
    closeDatabase = () => database.close();
    app = await buildApp(config, { database });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await closeDatabase();
  });

  it('asks the browser to upgrade insecure requests, besides the rest of the policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    const directives = String(response.headers['content-security-policy']).split(';');
    expect(directives).toContain('upgrade-insecure-requests');
    expect(directives).toContain("script-src 'self'");
    expect(String(response.headers['permissions-policy']).split(', ')).toEqual(expect.arrayContaining(FEATURES_OFF));
  });
});
