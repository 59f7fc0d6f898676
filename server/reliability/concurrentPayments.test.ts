import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { onlyDigits } from '../../src/domain/documents';
import { beneficiaries, paymentAttempts, sales } from '../db/schema';
import { checkoutBody, createPaymentsApp, postPayment } from '../test/payments';
import { injectAs, loginAsDemo } from '../test/helpers';

/**
 * Load: 50 buyers pay at the same moment on the sandbox gateway (some twice with the same CPF,
 * some double-submitting one Idempotency-Key) while staff list, open and edit beneficiaries.
 * Nothing may answer 5xx, nothing may hang, and every approved payment has one sale and its buyer
 * one beneficiary.
 */

const BUYERS = 50;
const STAFF_ROUNDS = 15;
const DEADLINE_MS = 90_000;

let app: FastifyInstance;
beforeAll(async () => {
  app = await createPaymentsApp();
});
afterAll(() => app.close());

const staffEdit = {
  name: 'Beneficiário Editado Durante Carga',
  birthday: '1979-12-31',
  phone: '(31) 3333-4444',
  email: 'carga@exemplo.com.br',
  zipCode: '30130-000',
  address: 'Rua Nova, 10',
  city: 'Belo Horizonte',
  state: 'MG',
  paymentType: 'A',
  serviceType: 'GSP',
};

async function withDeadline<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('deadlock or stall: work did not finish')), DEADLINE_MS);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

it('50 concurrent buyers and busy staff: no 5xx, no deadlock, one sale per approved payment', async () => {
  const admin = await loginAsDemo(app, 'ADMINISTRADOR');
  const partner = await loginAsDemo(app, 'PARCEIRO');

  // Buyers: every 10th pays twice with the same CPF; every 7th double-submits the same key.
  const bodies = Array.from({ length: BUYERS }, () => checkoutBody());
  for (let i = 10; i < BUYERS; i += 10) bodies[i] = { ...checkoutBody(), cpfCnpj: bodies[i - 1].cpfCnpj };
  const payments = bodies.flatMap((body, i) => {
    const key = randomUUID();
    const address = `10.9.${Math.floor(i / 200)}.${(i % 200) + 1}`;
    const once = postPayment(app, body, { key, address });
    return i % 7 === 0 ? [once, postPayment(app, body, { key, address })] : [once];
  });

  const staffWork = (async () => {
    const statuses: number[] = [];
    for (let round = 0; round < STAFF_ROUNDS; round++) {
      const list = await injectAs(app, admin, { method: 'GET', url: `/api/beneficiaries?page=${(round % 3) + 1}&pageSize=10` });
      statuses.push(list.statusCode);
      const rows = list.json() as Array<{ uuid: string; cpf: string }>;
      const target = rows[round % Math.max(rows.length, 1)];
      if (target) {
        const [viewed, edited] = await Promise.all([
          injectAs(app, partner, { method: 'GET', url: `/api/beneficiaries/cpf/${target.cpf}` }),
          injectAs(app, admin, { method: 'PUT', url: `/api/beneficiaries/${target.uuid}`, payload: staffEdit }),
        ]);
        statuses.push(viewed.statusCode, edited.statusCode);
      }
      statuses.push((await injectAs(app, partner, { method: 'GET', url: '/api/reports/sales?page=1' })).statusCode);
    }
    return statuses;
  })();

  const [answers, staffStatuses] = await withDeadline(Promise.all([Promise.all(payments), staffWork]));

  expect(answers.filter((answer) => answer.statusCode >= 500)).toEqual([]);
  expect(staffStatuses.filter((status) => status >= 500)).toEqual([]);
  expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
  expect(answers.filter((answer) => answer.json().success === true).length).toBeGreaterThanOrEqual(BUYERS);

  const cpfs = [...new Set(bodies.map((body) => onlyDigits(body.cpfCnpj)))];
  const attempts = (await app.db.select().from(paymentAttempts)).filter((attempt) => cpfs.includes(onlyDigits(attempt.buyer.cpfCnpj)));
  // One attempt per Idempotency-Key (a double submit charged once), all settled.
  expect(attempts).toHaveLength(BUYERS);
  expect(attempts.filter((attempt) => attempt.status !== 'approved')).toEqual([]);

  const buyers = await app.db.select().from(beneficiaries).where(inArray(beneficiaries.cpf, cpfs));
  expect(buyers).toHaveLength(cpfs.length);
  for (const buyer of buyers) {
    const buyerAttempts = attempts.filter((attempt) => onlyDigits(attempt.buyer.cpfCnpj) === buyer.cpf);
    const buyerSales = await app.db.select().from(sales).where(eq(sales.beneficiaryId, buyer.id));
    expect(buyerSales.map((sale) => sale.id).sort()).toEqual(buyerAttempts.map((attempt) => attempt.saleId).sort());
  }
});
