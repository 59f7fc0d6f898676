import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Beneficiary } from '../../../src/domain/beneficiaries';
import type { Database } from '../../db/client';
import { beneficiaries, branches, partners, resellers, sales } from '../../db/schema';
import { keyset, type KeyValues } from '../../lib/keyset';
import { qualified } from '../../lib/qualified';
import type { Principal } from '../auth/tokens';
import { conditionValues, groupKey, listConditions, type BeneficiaryFilters } from './listConditions';
import { beneficiaryScope } from './scope';

const holders = alias(beneficiaries, 'holder');
const rowHolder = alias(beneficiaries, 'row_holder');

/*
 * The holder's CPF and the channel names are looked up per row by correlated subqueries rather than
 * joined: PostgreSQL plans a five-table join in ~1 ms at every request, ten times what the page then
 * takes to read (bench/README.md). `resellers` stays joined for the reseller's name.
 */
const holderCpf = sql<
  string | null
>`(select ${qualified(rowHolder.cpf)} from ${beneficiaries} as ${rowHolder} where ${qualified(rowHolder.id)} = ${qualified(beneficiaries.holderId)})`;
const branchTitle = sql<
  string | null
>`(select ${qualified(branches.titulo)} from ${branches} where ${qualified(branches.id)} = ${qualified(beneficiaries.branchId)})`;
const partnerName = sql<
  string | null
>`(select ${qualified(partners.nome)} from ${partners} where ${qualified(partners.id)} = ${qualified(beneficiaries.partnerId)})`;

/** Whether a checkout sale created or renewed the beneficiary: its payment and service types then follow the paid plan. */
const planFromSale = sql<boolean>`exists (select 1 from ${sales} where ${qualified(sales.beneficiaryId)} = ${qualified(beneficiaries.id)})`;

/** A beneficiary as the API answers it (spec section 3, and `planFromSale`). */
export const beneficiaryColumns = {
  id: beneficiaries.id,
  uuid: beneficiaries.uuid,
  name: beneficiaries.name,
  cpf: beneficiaries.cpf,
  birthday: beneficiaries.birthday,
  phone: beneficiaries.phone,
  email: beneficiaries.email,
  zipCode: beneficiaries.zipCode,
  address: beneficiaries.address,
  city: beneficiaries.city,
  state: beneficiaries.state,
  paymentType: beneficiaries.paymentType,
  serviceType: beneficiaries.serviceType,
  holder: holderCpf,
  isActive: beneficiaries.isActive,
  planFromSale,
  nome_revendedor: resellers.nome,
  nome_filial: branchTitle,
  nome_parceiro: partnerName,
};

/** The beneficiaries' columns, and `extra` ones beside them (an export's key). */
function selectBeneficiaries<Extra extends Record<string, SQL> = Record<never, never>>(db: Database, extra?: Extra) {
  return db
    .select({ ...beneficiaryColumns, ...(extra as Extra) })
    .from(beneficiaries)
    .leftJoin(resellers, eq(beneficiaries.resellerId, resellers.id))
    .$dynamic();
}

/** Holders first by name, each followed by its dependents (with the holder joined): the CSV's order, unique by the id. */
const groupedOrder = keyset([
  { column: sql`coalesce(${holders.nameKey}, ${beneficiaries.nameKey})`, direction: 'asc' },
  { column: groupKey(beneficiaries), direction: 'asc' },
  { column: sql`${beneficiaries.holderId} is not null`, direction: 'asc' },
  { column: beneficiaries.nameKey, direction: 'asc' },
  { column: beneficiaries.id, direction: 'asc' },
]);

/** A batch of the grouped list for the CSV export, after the row whose key is `after` (see keyset). */
export function beneficiaryBatch(
  db: Database,
  principal: Principal,
  filters: BeneficiaryFilters,
  limit: number,
  after: KeyValues | undefined,
) {
  return selectBeneficiaries(db, { keyset: groupedOrder.field })
    .leftJoin(holders, eq(beneficiaries.holderId, holders.id))
    .where(and(...listConditions(db, principal.type, conditionValues(principal, filters)), groupedOrder.after(after)))
    .orderBy(...groupedOrder.orderBy)
    .limit(limit);
}

/**
 * One beneficiary in scope, by CPF (digits), by uuid, or by both (the record of that uuid, when it
 * has that CPF); undefined when missing or out of scope. A CPF names one record within a partner; an
 * administrator, who sees every partner's, gets by CPF alone the house's own record first, then the
 * oldest, so a screen that knows which record it means sends its uuid too.
 */
export async function findBeneficiary(
  db: Database,
  principal: Principal,
  key: { cpf: string; uuid?: string } | { uuid: string },
): Promise<Beneficiary | undefined> {
  const match = and(
    'cpf' in key ? eq(beneficiaries.cpf, key.cpf) : undefined,
    key.uuid === undefined ? undefined : eq(beneficiaries.uuid, key.uuid),
  );
  const [row] = await selectBeneficiaries(db)
    .where(and(match, beneficiaryScope(principal)))
    .orderBy(sql`${beneficiaries.partnerId} is not null`, asc(beneficiaries.id))
    .limit(1);
  return row;
}

/** A beneficiary just written, whatever the scope (a staff-created holder is visible to administrators only). */
export async function beneficiaryById(db: Database, id: number): Promise<Beneficiary> {
  const [row] = await selectBeneficiaries(db).where(eq(beneficiaries.id, id)).limit(1);
  return row;
}
