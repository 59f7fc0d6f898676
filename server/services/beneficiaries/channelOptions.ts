import { and, asc, eq, exists, isNull, type SQL } from 'drizzle-orm';
import type { SalesChannelOptions } from '../../../src/domain/salesChannel';
import type { Database } from '../../db/client';
import { beneficiaries, branches, partners, resellers } from '../../db/schema';
import type { Principal } from '../auth/tokens';
import { resellerScope } from '../scope';
import { beneficiaryScope } from './scope';

/** The partners and branches whose users created beneficiaries in the principal's scope (no reseller sold them). */
function ownersOfUnsoldBeneficiaries(db: Database, principal: Principal) {
  return db
    .selectDistinct({ partnerId: partners.id, partnerName: partners.nome, branchId: branches.id, branchTitle: branches.titulo })
    .from(beneficiaries)
    .innerJoin(partners, eq(partners.id, beneficiaries.partnerId))
    .leftJoin(branches, eq(branches.id, beneficiaries.branchId))
    .where(and(isNull(beneficiaries.resellerId), beneficiaryScope(principal)));
}

/**
 * The partners, branches and resellers a principal may filter by: the resellers in its scope (with
 * `onlyWithBeneficiaries`, only those that sold a beneficiary, and the partners and branches that
 * created one: the values present in the list) and their branches and partners. Resellers are few, so one query serves all three lists.
 */
export async function salesChannelOptions(
  db: Database,
  principal: Principal,
  options: { onlyWithBeneficiaries?: boolean } = {},
): Promise<SalesChannelOptions> {
  const conditions: Array<SQL | undefined> = [resellerScope(principal)];
  if (options.onlyWithBeneficiaries) {
    conditions.push(exists(db.select({ id: beneficiaries.id }).from(beneficiaries).where(eq(beneficiaries.resellerId, resellers.id))));
  }
  const rows = await db
    .select({
      resellerId: resellers.id,
      resellerName: resellers.nome,
      branchId: branches.id,
      branchTitle: branches.titulo,
      partnerId: partners.id,
      partnerName: partners.nome,
    })
    .from(resellers)
    .innerJoin(branches, eq(resellers.branchId, branches.id))
    .innerJoin(partners, eq(resellers.partnerId, partners.id))
    .where(and(...conditions))
    .orderBy(asc(resellers.nomeKey), asc(resellers.id));

  const partnerMap = new Map<number, SalesChannelOptions['partners'][number]>();
  const branchMap = new Map<number, SalesChannelOptions['branches'][number]>();
  const owners = options.onlyWithBeneficiaries ? await ownersOfUnsoldBeneficiaries(db, principal) : [];
  for (const row of [...rows, ...owners]) {
    partnerMap.set(row.partnerId, { id: row.partnerId, nome: row.partnerName });
    if (row.branchId !== null) branchMap.set(row.branchId, { id: row.branchId, titulo: row.branchTitle!, partnerId: row.partnerId });
  }
  const byText =
    <T>(text: (item: T) => string) =>
    (a: T, b: T) =>
      text(a).localeCompare(text(b), 'pt-BR');
  return {
    partners: [...partnerMap.values()].sort(byText((partner) => partner.nome)),
    branches: [...branchMap.values()].sort(byText((branch) => branch.titulo)),
    resellers: rows.map((row) => ({ id: row.resellerId, nome: row.resellerName, branchId: row.branchId, partnerId: row.partnerId })),
  };
}
