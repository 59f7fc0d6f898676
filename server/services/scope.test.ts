import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { beneficiaries, branches, partners, resellers } from '../db/schema';
import { createTestApp } from '../test/helpers';
import type { Principal } from './auth/tokens';
import { beneficiaryScope, ownerOfNewHolder } from './beneficiaries/scope';
import { branchScope, partnerScope } from './channels/scope';
import { createChain, freshCpf, unique } from '../test/channelFixtures';
import { resellerScope } from './scope';
import { insertBeneficiary } from '../test/careFixtures';

/**
 * The data scope, each condition applied to its table on a real database: every user type sees
 * exactly its own partners, branches, resellers and beneficiaries, none of a sibling branch or of
 * another partner. (The authorization matrix checks the same through every route; this is the
 * short, direct check of the scope module itself.)
 */

let app: FastifyInstance;
/** Two partners; the first has two branches, each with a reseller. */
let ids: {
  partnerA: number;
  partnerB: number;
  branchA1: number;
  branchA2: number;
  branchB: number;
  resellerA1: number;
  resellerA2: number;
  resellerB: number;
};
/** The beneficiaries, by who owns them. */
let owned: Record<'soldA1' | 'soldA2' | 'soldB' | 'ofPartnerA' | 'ofBranchA1' | 'ofHouse', number>;
let principals: Record<Principal['type'], Principal>;

beforeAll(async () => {
  app = await createTestApp();
  // Ids far apart per table: a condition on the wrong column (a branch id read as a partner's) finds nothing.
  for (const [table, start] of [
    ['partners', 1000],
    ['branches', 2000],
    ['resellers', 3000],
  ] as const) {
    await app.db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${start})`);
  }
  const a = await createChain(app);
  const b = await createChain(app);
  const tag = unique();
  const [branchA2] = await app.db
    .insert(branches)
    .values({ partnerId: a.partner.id, titulo: `Filial irmã ${tag}`, email: `f2-${tag}@teste.com`, passwordHash: 'x' })
    .returning();
  const [resellerA2] = await app.db
    .insert(resellers)
    .values({
      partnerId: a.partner.id,
      branchId: branchA2.id,
      nome: `Revendedor irmão ${tag}`,
      cpf: freshCpf(),
      email: `r2-${tag}@teste.com`,
      passwordHash: 'x',
    })
    .returning();
  ids = {
    partnerA: a.partner.id,
    partnerB: b.partner.id,
    branchA1: a.branch.id,
    branchA2: branchA2.id,
    branchB: b.branch.id,
    resellerA1: a.reseller.id,
    resellerA2: resellerA2.id,
    resellerB: b.reseller.id,
  };
  const beneficiary = async (values: Parameters<typeof insertBeneficiary>[1]) => (await insertBeneficiary(app.db, values)).id;
  owned = {
    soldA1: await beneficiary({ resellerId: ids.resellerA1 }),
    soldA2: await beneficiary({ resellerId: ids.resellerA2 }),
    soldB: await beneficiary({ resellerId: ids.resellerB }),
    ofPartnerA: await beneficiary({ partnerId: ids.partnerA }),
    ofBranchA1: await beneficiary({ partnerId: ids.partnerA, branchId: ids.branchA1 }),
    ofHouse: await beneficiary({}),
  };
  principals = {
    ADMINISTRADOR: { type: 'ADMINISTRADOR', id: 1, tokenVersion: 0 },
    PARCEIRO: { type: 'PARCEIRO', id: ids.partnerA, partnerId: ids.partnerA, tokenVersion: 0 },
    FILIAL: { type: 'FILIAL', id: ids.branchA1, partnerId: ids.partnerA, branchId: ids.branchA1, tokenVersion: 0 },
    REVENDEDOR: { type: 'REVENDEDOR', id: ids.resellerA1, partnerId: ids.partnerA, branchId: ids.branchA1, tokenVersion: 0 },
  };
});
afterAll(() => app?.close());

/** The ids of this test's rows of `table` that `scope` lets through, sorted. */
async function visible(table: PgTable & { id: AnyPgColumn }, mine: number[], scope: SQL | undefined): Promise<number[]> {
  const rows = await app.db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, mine), scope));
  return rows.map((row) => Number(row.id)).sort((x, y) => x - y);
}
const sorted = (values: number[]) => [...values].sort((x, y) => x - y);

describe('the data scope on its tables', () => {
  it.each([
    ['ADMINISTRADOR', ['partnerA', 'partnerB']],
    ['PARCEIRO', ['partnerA']],
    ['FILIAL', ['partnerA']],
    ['REVENDEDOR', []],
  ] as const)('partners: %s sees %j', async (type, expected) => {
    const mine = [ids.partnerA, ids.partnerB];
    expect(await visible(partners, mine, partnerScope(principals[type]))).toEqual(sorted(expected.map((key) => ids[key])));
  });

  it.each([
    ['ADMINISTRADOR', ['branchA1', 'branchA2', 'branchB']],
    ['PARCEIRO', ['branchA1', 'branchA2']],
    ['FILIAL', ['branchA1']],
    ['REVENDEDOR', []],
  ] as const)('branches: %s sees %j', async (type, expected) => {
    const mine = [ids.branchA1, ids.branchA2, ids.branchB];
    expect(await visible(branches, mine, branchScope(principals[type]))).toEqual(sorted(expected.map((key) => ids[key])));
  });

  it.each([
    ['ADMINISTRADOR', ['resellerA1', 'resellerA2', 'resellerB']],
    ['PARCEIRO', ['resellerA1', 'resellerA2']],
    ['FILIAL', ['resellerA1']],
    ['REVENDEDOR', ['resellerA1']],
  ] as const)('resellers: %s sees %j', async (type, expected) => {
    const mine = [ids.resellerA1, ids.resellerA2, ids.resellerB];
    expect(await visible(resellers, mine, resellerScope(principals[type]))).toEqual(sorted(expected.map((key) => ids[key])));
  });

  it.each([
    ['ADMINISTRADOR', ['soldA1', 'soldA2', 'soldB', 'ofPartnerA', 'ofBranchA1', 'ofHouse']],
    ['PARCEIRO', ['soldA1', 'soldA2', 'ofPartnerA', 'ofBranchA1']],
    ['FILIAL', ['soldA1', 'ofBranchA1']],
    ['REVENDEDOR', ['soldA1']],
  ] as const)('beneficiaries: %s sees %j', async (type, expected) => {
    const mine = Object.values(owned);
    expect(await visible(beneficiaries, mine, beneficiaryScope(principals[type]))).toEqual(sorted(expected.map((key) => owned[key])));
  });
});

describe('the owner of a holder created by hand', () => {
  it.each([
    ['ADMINISTRADOR', () => ({ partnerId: null, branchId: null })],
    ['PARCEIRO', () => ({ partnerId: ids.partnerA, branchId: null })],
    ['FILIAL', () => ({ partnerId: ids.partnerA, branchId: ids.branchA1 })],
    ['REVENDEDOR', () => ({ partnerId: null, branchId: null })],
  ] as const)('is %s’s own', (type, expected) => {
    expect(ownerOfNewHolder(principals[type])).toStrictEqual(expected());
  });
});
