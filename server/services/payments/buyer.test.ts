import type { FastifyInstance } from 'fastify';
import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import { createTestApp } from '../../test/helpers';
import { createChain } from '../../test/channelFixtures';
import { insertBeneficiary } from '../../test/careFixtures';
import { refuseDependentBuyer } from './buyer';

/**
 * A dependent's CPF cannot buy (buyer.ts), within the partner the sale goes to: the selling
 * reseller's, or the house's records when no reseller sells. On PGlite without the demo data.
 */

let app: FastifyInstance;
let chain: Awaited<ReturnType<typeof createChain>>;
let otherChain: Awaited<ReturnType<typeof createChain>>;
/** A dependent of a holder of the chain's partner, and one of a holder of the house. */
let partnersDependent: { cpf: string };
let housesDependent: { cpf: string };
let holder: { id: number; cpf: string };

beforeAll(async () => {
  app = await createTestApp();
  chain = await createChain(app);
  otherChain = await createChain(app);
  const partnerId = chain.partner.id;
  holder = await insertBeneficiary(app.db, { partnerId, resellerId: chain.reseller.id });
  partnersDependent = await insertBeneficiary(app.db, { partnerId, holderId: holder.id });
  const houseHolder = await insertBeneficiary(app.db);
  housesDependent = await insertBeneficiary(app.db, { holderId: houseHolder.id });
});
afterAll(() => app?.close());

const refused = { statusCode: 409, message: CHECKOUT_MESSAGES.dependentBuyer };

describe('a dependent’s CPF', () => {
  it('cannot buy from a reseller of its holder’s partner', async () => {
    await expect(refuseDependentBuyer(app.db, partnersDependent.cpf, chain.reseller.id)).rejects.toMatchObject(refused);
  });

  it('cannot buy from the house when its holder is the house’s', async () => {
    await expect(refuseDependentBuyer(app.db, housesDependent.cpf, null)).rejects.toMatchObject(refused);
  });

  it('may buy where its records are not: from the house, or from another partner’s reseller', async () => {
    await expect(refuseDependentBuyer(app.db, partnersDependent.cpf, null)).resolves.toBeUndefined();
    await expect(refuseDependentBuyer(app.db, partnersDependent.cpf, otherChain.reseller.id)).resolves.toBeUndefined();
    await expect(refuseDependentBuyer(app.db, housesDependent.cpf, chain.reseller.id)).resolves.toBeUndefined();
  });
});

describe('a holder’s CPF, or one nobody has', () => {
  it('may buy', async () => {
    await expect(refuseDependentBuyer(app.db, holder.cpf, chain.reseller.id)).resolves.toBeUndefined();
    await expect(refuseDependentBuyer(app.db, '52998224725', chain.reseller.id)).resolves.toBeUndefined();
    await expect(refuseDependentBuyer(app.db, '52998224725', null)).resolves.toBeUndefined();
  });
});
