import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '../../src/domain/messages';
import { CHECKOUT_MESSAGES, PAYMENT_RATE_LIMIT } from '../../src/domain/checkout';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { CARD_VELOCITY_LIMITS } from '../services/payments/cardVelocity';
import { checkoutBody, postPayment, REFUSED_CARD } from '../test/payments';
import { createTestApp } from '../test/helpers';

/**
 * Two server instances on ONE PostgreSQL database (this file runs when DATABASE_URL is set): every
 * throttle and rate limit counts the attempts made through either, so a client gains nothing by
 * landing on another copy.
 */

let a: FastifyInstance;
let b: FastifyInstance;
let bDatabase: DatabaseHandle;

beforeAll(async () => {
  a = await createTestApp({ seed: true });
  // B gets a pool of its own on A's (private) database: the only link between them is the database.
  bDatabase = await openDatabase({ databaseUrl: a.database.connectionString, dataDir: ':memory:' });
  b = await buildApp(testConfig(), { database: bDatabase });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await bDatabase?.close();
  await a?.close();
});

/** Alternates between the two instances: A, B, A, B… */
const either = (index: number) => (index % 2 ? b : a);

it('sign-in: failures through both instances add up for the same e-mail and address', async () => {
  const signIn = (app: FastifyInstance, senha: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'filial@demo.com.br', senha, userType: 'FILIAL' },
      remoteAddress: '192.0.2.10',
    });
  for (let failure = 0; failure < 10; failure++) expect((await signIn(either(failure), 'errada123')).statusCode).toBe(401);
  for (const app of [a, b]) {
    const blocked = await signIn(app, 'demo1234');
    expect([blocked.statusCode, blocked.json().message]).toEqual([429, AUTH_MESSAGES.tooManyAttempts]);
  }
});

it('payment rate limit: requests through both instances add up for the same address', async () => {
  for (let request = 0; request < PAYMENT_RATE_LIMIT.max; request++) {
    expect((await postPayment(either(request), {}, { address: '192.0.2.20' })).statusCode).toBe(400);
  }
  for (const app of [a, b]) expect((await postPayment(app, {}, { address: '192.0.2.20' })).statusCode).toBe(429);
});

it('card velocity: refusals of one card through both instances add up', async () => {
  for (let refusal = 0; refusal < CARD_VELOCITY_LIMITS.refusalsPerCard.max; refusal++) {
    const refused = await postPayment(either(refusal), checkoutBody({}, { number: REFUSED_CARD }), { address: `192.0.2.${30 + refusal}` });
    expect(refused.json()).toEqual({ success: false, error: CHECKOUT_MESSAGES.cardNotAuthorized });
  }
  for (const app of [a, b]) {
    const stopped = await postPayment(app, checkoutBody({}, { number: REFUSED_CARD }), { address: '192.0.2.40' });
    expect([stopped.statusCode, stopped.json().error]).toEqual([429, CHECKOUT_MESSAGES.tooManyRefusedCards]);
  }
});
