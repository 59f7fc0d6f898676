import { and, asc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Beneficiary } from '../../../src/domain/beneficiaries';
import type { Database } from '../../db/client';
import { beneficiaries, branches, partners, resellers } from '../../db/schema';
import { boundedCount } from '../../lib/boundedCount';
import { containsPattern } from '../../lib/listQuery';
import { qualified } from '../../lib/qualified';
import type { Principal } from '../auth/tokens';
import { joinedBeneficiaryScope } from './scope';

const holders = alias(beneficiaries, 'holder');
const rowHolder = alias(beneficiaries, 'row_holder');
const members = alias(beneficiaries, 'member');

/*
 * The holder's CPF and the channel names are looked up per row by correlated subqueries rather than
 * joined: PostgreSQL plans a five-table join in ~1 ms at every request, ten times what the page then
 * takes to read (bench/README.md). `resellers` stays joined because the scope and filters test it.
 */
const holderCpf = sql<
  string | null
>`(select ${qualified(rowHolder.cpf)} from ${beneficiaries} as ${rowHolder} where ${qualified(rowHolder.id)} = ${qualified(beneficiaries.holderId)})`;
const branchTitle = sql<
  string | null
>`(select ${qualified(branches.titulo)} from ${branches} where ${qualified(branches.id)} = ${qualified(resellers.branchId)})`;
const partnerName = sql<
  string | null
>`(select ${qualified(partners.nome)} from ${partners} where ${qualified(partners.id)} = ${qualified(resellers.partnerId)})`;

/** A beneficiary as the API answers it (spec section 3). */
const beneficiaryColumns = {
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
  nome_revendedor: resellers.nome,
  nome_filial: branchTitle,
  nome_parceiro: partnerName,
};

function selectBeneficiaries(db: Database) {
  return db.select(beneficiaryColumns).from(beneficiaries).leftJoin(resellers, eq(beneficiaries.resellerId, resellers.id)).$dynamic();
}

export interface BeneficiaryFilters {
  name?: string;
  reseller?: number;
  branch?: number;
  partner?: number;
}

/** A holder and its dependents form a group; the group's key is the holder's id. */
const groupKey = (table: typeof beneficiaries | typeof members) => sql`coalesce(${table.holderId}, ${table.id})`;

/**
 * The scope and the filters, for a query joining `resellers`. The name filter keeps whole groups: a
 * holder shows when it or one of its dependents matches, and a dependent shows with its group.
 */
function listConditions(db: Database, principal: Principal, filters: BeneficiaryFilters): SQL[] {
  const conditions: SQL[] = [];
  const scope = joinedBeneficiaryScope(principal);
  if (scope) conditions.push(scope);
  if (filters.reseller) conditions.push(eq(resellers.id, filters.reseller));
  if (filters.branch) conditions.push(eq(resellers.branchId, filters.branch));
  if (filters.partner) conditions.push(eq(resellers.partnerId, filters.partner));
  if (filters.name) {
    const matchingGroups = db
      .select({ key: groupKey(members) })
      .from(members)
      .where(ilike(members.name, containsPattern(filters.name)));
    conditions.push(inArray(groupKey(beneficiaries), matchingGroups));
  }
  return conditions;
}

/** The rows with their holder's, for the grouped order. */
function selectGroupedBeneficiaries(db: Database) {
  return selectBeneficiaries(db).leftJoin(holders, eq(beneficiaries.holderId, holders.id));
}

/** Holders first by name, each followed by its dependents: the order of the plain list and the CSV (with the holder joined). */
const groupedOrder = [
  sql`coalesce(${holders.name}, ${beneficiaries.name})`,
  groupKey(beneficiaries),
  sql`${beneficiaries.holderId} is not null`,
  asc(beneficiaries.name),
  asc(beneficiaries.id),
];

/** Every beneficiary in scope matching the filters, grouped (the spec's plain array). */
export function listAllBeneficiaries(db: Database, principal: Principal, filters: BeneficiaryFilters): Promise<Beneficiary[]> {
  return selectGroupedBeneficiaries(db)
    .where(and(...listConditions(db, principal, filters)))
    .orderBy(...groupedOrder);
}

/** A batch of the grouped list, for the CSV export. */
export function beneficiaryBatch(db: Database, principal: Principal, filters: BeneficiaryFilters, limit: number, offset: number) {
  return selectGroupedBeneficiaries(db)
    .where(and(...listConditions(db, principal, filters)))
    .orderBy(...groupedOrder)
    .limit(limit)
    .offset(offset);
}

export const HOLDER_SORTS = { name: beneficiaries.name, cpf: beneficiaries.cpf };
export const DEFAULT_HOLDER_ORDER = [asc(beneficiaries.name), asc(beneficiaries.id)];

/**
 * One page of holders in scope matching the filters, each followed by its dependents, and the number
 * of matching holders (pages count holders, not rows; estimated beyond a thousand, see boundedCount).
 * The page of holders is a CTE numbered in the page's order, and its groups are read with it: one
 * statement rather than the holders' then their dependents'.
 */
export async function listHolderPage(
  db: Database,
  principal: Principal,
  filters: BeneficiaryFilters,
  page: { orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: Beneficiary[]; total: number }> {
  const where = and(isNull(beneficiaries.holderId), ...listConditions(db, principal, filters));
  const holderPage = db.$with('holder_page').as(
    db
      .select({
        id: beneficiaries.id,
        position: sql<number>`row_number() over (order by ${sql.join(page.orderBy, sql`, `)})`.as('position'),
      })
      .from(beneficiaries)
      .leftJoin(resellers, eq(beneficiaries.resellerId, resellers.id))
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
  );
  const [rows, total] = await Promise.all([
    db
      .with(holderPage)
      .select(beneficiaryColumns)
      .from(beneficiaries)
      .innerJoin(holderPage, eq(holderPage.id, groupKey(beneficiaries)))
      .leftJoin(resellers, eq(beneficiaries.resellerId, resellers.id))
      .where(joinedBeneficiaryScope(principal))
      .orderBy(holderPage.position, sql`${beneficiaries.holderId} is not null`, asc(beneficiaries.name), asc(beneficiaries.id)),
    boundedCount(db, () =>
      db
        .select({ id: beneficiaries.id })
        .from(beneficiaries)
        .leftJoin(resellers, eq(beneficiaries.resellerId, resellers.id))
        .where(where)
        .$dynamic(),
    ),
  ]);
  return { rows, total };
}

/** One beneficiary in scope, by CPF (digits) or by uuid; undefined when missing or out of scope. */
export async function findBeneficiary(
  db: Database,
  principal: Principal,
  key: { cpf: string } | { uuid: string },
): Promise<Beneficiary | undefined> {
  const match = 'cpf' in key ? eq(beneficiaries.cpf, key.cpf) : eq(beneficiaries.uuid, key.uuid);
  const [row] = await selectBeneficiaries(db)
    .where(and(match, joinedBeneficiaryScope(principal)))
    .limit(1);
  return row;
}

/** A beneficiary just written, whatever the scope (a staff-created holder is visible to administrators only). */
export async function beneficiaryById(db: Database, id: number): Promise<Beneficiary> {
  const [row] = await selectBeneficiaries(db).where(eq(beneficiaries.id, id)).limit(1);
  return row;
}
