import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openDatabase } from '../db/client';
import type { PaymentGateway } from '../services/payments/gateway';
import { createTestApp } from '../test/helpers';

/** GET /api/health names the payment gateway and telemedicine provider in use. */

describe('GET /api/health', () => {
  it('says sandbox and local on a demo server', async () => {
    const app = await createTestApp();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.json()).toEqual({ status: 'ok', payments: 'sandbox', telemedicine: 'local' });
    } finally {
      await app.close();
    }
  });

  it("names the real gateway's kind when that is the one in use", async () => {
    const asaas: PaymentGateway = {
      kind: 'asaas',
      charge: () => Promise.reject(new Error('not used')),
      findByReference: () => Promise.resolve(null),
      findPayment: () => Promise.resolve(null),
      createPixCharge: () => Promise.reject(new Error('not used')),
      cancelCharge: () => Promise.resolve(false),
    };
    const app = await createTestApp({ build: { paymentGateway: asaas } });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ payments: 'asaas' });
    } finally {
      await app.close();
    }
  });

  describe('a production server on the sandbox by choice', () => {
    let app: FastifyInstance;
    const logLines: Array<{ level: number; msg: string }> = [];
    let closeDatabase: () => Promise<void>;

    beforeAll(async () => {
      const config = testConfig({ production: true, logLevel: 'warn' });
      const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: ':memory:', isolated: true });
      closeDatabase = () => database.close();
      app = await buildApp(config, { database, logDestination: { write: (line) => logLines.push(JSON.parse(line)) } });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await closeDatabase();
    });

    it('logs a warning at start for each stand-in', () => {
      const warnings = logLines.filter((line) => line.level === 40).map((line) => line.msg);
      expect(warnings).toEqual([
        expect.stringContaining('PAYMENT_GATEWAY=sandbox em produção'),
        expect.stringContaining('TELEMEDICINE_PROVIDER=local em produção'),
      ]);
    });

    it('answers "payments": "sandbox" from health', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', payments: 'sandbox', telemedicine: 'local' });
    });
  });
});
