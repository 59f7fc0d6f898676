import type { FastifyInstance } from 'fastify';
import { CHECKOUT_VALIDATION as V } from '../../src/domain/checkout';
import { cnpjCheckDigits, formatCnpj } from '../../src/domain/cnpj';
import { checkoutBody, countingGateway, createPaymentsApp, postPayment } from '../test/payments';
import { TEST_PASSWORD, unique } from '../test/channelFixtures';
import { startChannelPortal, type ChannelPortal } from '../test/channelPortal';

/** A fresh alphanumeric CNPJ (letters in its first twelve characters), normalised. */
function alphanumericCnpj(): string {
  const characters = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const base = `${Array.from({ length: 8 }, () => characters[Math.floor(Math.random() * characters.length)]).join('')}AB01`;
  return base + cnpjCheckDigits(base);
}

describe('the alphanumeric CNPJ on partners', () => {
  let app: FastifyInstance;
  let as: ChannelPortal['as'];
  beforeAll(async () => ({ app, as } = await startChannelPortal()));
  afterAll(() => app.close());

  const create = (cnpj: string) => {
    const tag = unique();
    return as('ADMINISTRADOR', {
      method: 'POST',
      url: '/api/partners',
      payload: { nome: `Clínica ${tag}`, cnpj, email: `alfa-${tag}@parceiro.com`, senha: TEST_PASSWORD },
    });
  };

  it('is accepted masked and in lower case, stored normalised, and found by the CNPJ filter', async () => {
    const cnpj = alphanumericCnpj();
    const response = await create(formatCnpj(cnpj).toLowerCase());
    expect(response.statusCode).toBe(201);
    expect(response.json().data.cnpj).toBe(cnpj);
    const filter = formatCnpj(cnpj).slice(0, 6).toLowerCase();
    const found = await as('ADMINISTRADOR', { method: 'GET', url: `/api/partners?cnpj=${encodeURIComponent(filter)}` });
    expect(found.json().data.data.map((partner: { cnpj: string }) => partner.cnpj)).toContain(cnpj);
  });

  it('is refused with wrong check digits (400, CNPJ inválido), creating nothing', async () => {
    const cnpj = alphanumericCnpj();
    const wrong = cnpj.slice(0, 13) + ((Number(cnpj[13]) + 1) % 10);
    const response = await create(wrong);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ cnpj: 'CNPJ inválido' });
    const found = await as('ADMINISTRADOR', { method: 'GET', url: `/api/partners?cnpj=${wrong.slice(0, 12)}` });
    expect(found.json().data.data).toEqual([]);
  });
});

describe("the alphanumeric CNPJ at the checkout's CPF/CNPJ", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPaymentsApp({ gateway: countingGateway().gateway });
  });
  afterAll(() => app.close());

  it('is recognised as a CNPJ (the plans are personal: the company message), not as an invalid document', async () => {
    const response = await postPayment(app, checkoutBody({ cpfCnpj: formatCnpj(alphanumericCnpj()) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ cpfCnpj: V.cpfCnpjCompany });
  });

  it('with wrong check digits is an invalid CPF/CNPJ', async () => {
    const cnpj = alphanumericCnpj();
    const response = await postPayment(app, checkoutBody({ cpfCnpj: cnpj.slice(0, 13) + ((Number(cnpj[13]) + 1) % 10) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ cpfCnpj: V.cpfCnpjInvalid });
  });
});
