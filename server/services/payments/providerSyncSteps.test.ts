import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { beneficiaries } from '../../db/schema';
import { createTestApp } from '../../test/helpers';
import { insertBeneficiary } from '../../test/careFixtures';
import type { ProviderBeneficiary, TelemedicineProvider } from '../telemedicine/types';
import { syncWithProvider } from './providerSync';

/**
 * What a sale tells the telemedicine provider (providerSync.ts), step by step, with a provider that
 * records what it is asked and a database without the demo data (the whole flow through the
 * checkout and a fake Rapidoc is providerSync.test.ts).
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

/** A provider of the given kind that records its calls; `failWith` makes registering throw. */
function providerOf(kind: 'local' | 'rapidoc', failWith?: Error) {
  const calls: Array<[string, number]> = [];
  // A sale only registers or inactivates; nothing else of the provider is reached.
  const provider = {
    kind,
    registerBeneficiary: async (beneficiary: ProviderBeneficiary) => {
      calls.push(['register', beneficiary.id]);
      if (failWith) throw failWith;
      return { providerUuid: `prov-${beneficiary.id}` };
    },
    inactivateBeneficiary: async (beneficiary: ProviderBeneficiary) => void calls.push(['inactivate', beneficiary.id]),
  } as unknown as TelemedicineProvider;
  return { provider, calls };
}

function logOf() {
  const warnings: Array<[object, string]> = [];
  const log = { warn: (fields: object, message: string) => void warnings.push([fields, message]) } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

/** The sync as the checkout runs it. */
const sync = (provider: TelemedicineProvider, beneficiaryId: number, log: FastifyBaseLogger) =>
  syncWithProvider({ db: app.db, telemedicine: provider, log }, beneficiaryId);

const providerUuidOf = async (id: number) => (await app.db.select().from(beneficiaries).where(eq(beneficiaries.id, id)))[0].providerUuid;

describe('a sold beneficiary and the provider', () => {
  it('an active one is registered and its provider uuid kept', async () => {
    const sold = await insertBeneficiary(app.db);
    const { provider, calls } = providerOf('rapidoc');
    await sync(provider, sold.id, logOf().log);
    expect(calls).toEqual([['register', sold.id]]);
    expect(await providerUuidOf(sold.id)).toBe(`prov-${sold.id}`);
  });

  it('an inactive one the provider knows is inactivated there; one it never knew is left alone', async () => {
    const known = await insertBeneficiary(app.db, { isActive: false, providerUuid: 'prov-conhecido' });
    const unknown = await insertBeneficiary(app.db, { isActive: false });
    const { provider, calls } = providerOf('rapidoc');
    await sync(provider, known.id, logOf().log);
    await sync(provider, unknown.id, logOf().log);
    expect(calls).toEqual([['inactivate', known.id]]);
  });

  it('nothing is asked of the local provider, nor for a beneficiary that is gone', async () => {
    const sold = await insertBeneficiary(app.db);
    const local = providerOf('local');
    await sync(local.provider, sold.id, logOf().log);
    const remote = providerOf('rapidoc');
    await sync(remote.provider, sold.id + 100_000, logOf().log);
    expect([local.calls, remote.calls]).toEqual([[], []]);
    expect(await providerUuidOf(sold.id)).toBeNull();
  });

  it('a provider that fails is logged, and the sale stands', async () => {
    const sold = await insertBeneficiary(app.db);
    const failure = new Error('provedor fora do ar');
    const { provider } = providerOf('rapidoc', failure);
    const { log, warnings } = logOf();
    await expect(sync(provider, sold.id, log)).resolves.toBeUndefined();
    expect(warnings).toEqual([[{ err: failure, beneficiaryId: sold.id }, 'sold beneficiary not synced with the telemedicine provider']]);
    expect(await providerUuidOf(sold.id)).toBeNull();
  });
});
