import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { branches, partners, resellers } from '../../db/schema';
import { createTestApp } from '../../test/helpers';
import { createChain } from '../../test/channelFixtures';
import { salesLinkOf } from './resellerLink';

/**
 * What a sales link `?rev=` is worth to a sale (resellerLink.ts): only an active reseller of an
 * active branch and partner is credited; anything else sells without a reseller.
 */

let app: FastifyInstance;
type Chain = Awaited<ReturnType<typeof createChain>>;
let active: Chain;

beforeAll(async () => {
  app = await createTestApp();
  active = await createChain(app);
});
afterAll(() => app?.close());

const NONE = { kind: 'none' };

describe('salesLinkOf', () => {
  it('credits an active reseller of an active branch and partner', async () => {
    expect(await salesLinkOf(app.db, String(active.reseller.id))).toEqual({ kind: 'active', resellerId: active.reseller.id });
  });

  it('reads the id with leading zeros, up to ten digits', async () => {
    const id = active.reseller.id;
    expect(await salesLinkOf(app.db, String(id).padStart(10, '0'))).toEqual({ kind: 'active', resellerId: id });
  });

  it.each([
    ['no rev', () => undefined],
    ['a null rev', () => null],
    ['an empty rev', () => ''],
    ['a space before', (id: number) => ` ${id}`],
    ['a space after', (id: number) => `${id} `],
    ['a letter after', (id: number) => `${id}a`],
    ['a letter before', (id: number) => `a${id}`],
    ['eleven digits', (id: number) => String(id).padStart(11, '0')],
    ['a sign', (id: number) => `+${id}`],
    ['zero', () => '0'],
    ['an id past the largest integer', () => '2147483648'],
    ['an id no reseller has', (id: number) => String(id + 1000)],
  ])('sells without a reseller for %s', async (_case, rev) => {
    expect(await salesLinkOf(app.db, rev(active.reseller.id))).toEqual(NONE);
  });

  it.each([
    ['reseller', (chain: Chain) => app.db.update(resellers).set({ ativo: false }).where(eq(resellers.id, chain.reseller.id))],
    ['branch', (chain: Chain) => app.db.update(branches).set({ ativo: false }).where(eq(branches.id, chain.branch.id))],
    ['partner', (chain: Chain) => app.db.update(partners).set({ ativo: false }).where(eq(partners.id, chain.partner.id))],
  ] as const)('sells without a reseller once its %s is inactive', async (_level, inactivate) => {
    const chain = await createChain(app);
    expect(await salesLinkOf(app.db, String(chain.reseller.id))).toEqual({ kind: 'active', resellerId: chain.reseller.id });
    await inactivate(chain);
    expect(await salesLinkOf(app.db, String(chain.reseller.id))).toEqual(NONE);
  });

  // Last: it takes the resellers' sequence to its end.
  it('credits a reseller with the largest id there can be', async () => {
    await app.db.execute(sql`select setval(pg_get_serial_sequence('resellers', 'id'), 2147483646)`);
    const chain = await createChain(app);
    expect(chain.reseller.id).toBe(2_147_483_647);
    expect(await salesLinkOf(app.db, '2147483647')).toEqual({ kind: 'active', resellerId: 2_147_483_647 });
  });
});
