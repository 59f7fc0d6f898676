import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Beneficiary } from '../../../src/domain/beneficiaries';
import type { Database } from '../../db/client';
import { beneficiaries, beneficiaryHolderCounts, branches, partners, resellers, sales } from '../../db/schema';
import { boundedCount, type ListTotal } from '../../lib/boundedCount';
import { firstMatches, isAnyOf } from '../../lib/fewMatches';
import { keyset, type KeyValues } from '../../lib/keyset';
import { containsPattern, type ListSort } from '../../lib/listQuery';
import { qualified } from '../../lib/qualified';
import type { Principal } from '../auth/tokens';
import { beneficiaryScope } from './scope';

const holders = alias(beneficiaries, 'holder');
const rowHolder = alias(beneficiaries, 'row_holder');
const members = alias(beneficiaries, 'member');

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

export interface BeneficiaryFilters {
  name?: string;
  reseller?: number;
  branch?: number;
  partner?: number;
}

/** A holder and its dependents form a group; the group's key is the holder's id. */
const groupKey = (table: typeof beneficiaries | typeof members) => sql`coalesce(${table.holderId}, ${table.id})`;

/**
 * The scope and the filters. The name filter keeps whole groups: a
 * holder shows when it or one of its dependents matches, and a dependent shows with its group.
 */
function listConditions(db: Database, principal: Principal, filters: BeneficiaryFilters): SQL[] {
  const conditions: SQL[] = [];
  const scope = beneficiaryScope(principal);
  if (scope) conditions.push(scope);
  if (filters.reseller) conditions.push(eq(beneficiaries.resellerId, filters.reseller));
  if (filters.branch) conditions.push(eq(beneficiaries.branchId, filters.branch));
  if (filters.partner) conditions.push(eq(beneficiaries.partnerId, filters.partner));
  if (filters.name) {
    const matchingGroups = db
      .select({ key: groupKey(members) })
      .from(members)
      .where(ilike(members.name, containsPattern(filters.name)));
    conditions.push(inArray(groupKey(beneficiaries), matchingGroups));
  }
  return conditions;
}

/** Holders first by name, each followed by its dependents (with the holder joined): the CSV's order, unique by the id. */
const groupedOrder = keyset([
  { column: sql`coalesce(${holders.name}, ${beneficiaries.name})`, direction: 'asc' },
  { column: groupKey(beneficiaries), direction: 'asc' },
  { column: sql`${beneficiaries.holderId} is not null`, direction: 'asc' },
  { column: beneficiaries.name, direction: 'asc' },
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
    .where(and(...listConditions(db, principal, filters), groupedOrder.after(after)))
    .orderBy(...groupedOrder.orderBy)
    .limit(limit);
}

export const HOLDER_SORTS = { name: beneficiaries.name, cpf: beneficiaries.cpf };

/** The holders' order: the requested column first, then name and id; `reverse` reads it from the end. */
function holderOrder(sort: ListSort | undefined, reverse: boolean): SQL[] {
  const by = (column: ListSort['column'], direction: ListSort['direction']) =>
    (direction === 'asc') !== reverse ? asc(column) : desc(column);
  return [...(sort ? [by(sort.column, sort.direction)] : []), by(beneficiaries.name, 'asc'), by(beneficiaries.id, 'asc')];
}

/**
 * The exact number of holders in scope under the channel filters, from the counts the database
 * keeps per partner, branch and reseller (migration 0015): a sum of a few thousand rows at most.
 */
async function countedHolders(db: Database, principal: Principal, filters: BeneficiaryFilters): Promise<number> {
  const c = beneficiaryHolderCounts;
  const scope: Record<Principal['type'], SQL | undefined> = {
    ADMINISTRADOR: undefined,
    PARCEIRO: eq(c.partnerKey, principal.partnerId ?? -1),
    FILIAL: eq(c.branchKey, principal.branchId ?? -1),
    REVENDEDOR: eq(c.resellerKey, principal.id),
  };
  const [{ total }] = await db
    .select({ total: sql<number>`coalesce(sum(${c.holders}), 0)::int` })
    .from(c)
    .where(
      and(
        scope[principal.type],
        filters.reseller ? eq(c.resellerKey, filters.reseller) : undefined,
        filters.branch ? eq(c.branchKey, filters.branch) : undefined,
        filters.partner ? eq(c.partnerKey, filters.partner) : undefined,
      ),
    );
  return Number(total);
}

/** Up to this many groups matching a name filter, the list is read from their holders' ids. */
const FEW_GROUPS = 1000;
/** Matching members read to find them: a group may match by several members (a family's surname). */
const MATCHES_READ = 4 * FEW_GROUPS;

/**
 * `few`: the groups with a member whose name contains `name`, when there are at most FEW_GROUPS, else
 * undefined; `seen`: how many distinct matching groups the probe read, a floor of them all. A rare name is then found from its few holders, in a few milliseconds and with an exact
 * total; read in the list's order instead, PostgreSQL (which cannot tell a rare name from a common
 * one) walked tens of thousands of holders to fill the page (bench/README.md). A common name is read
 * in the list's order, where its matches come soon.
 *
 * The matching members are read by firstMatches (from the name's trigram index, whatever the
 * planner's guess of their number).
 */
async function probeMatchingGroups(db: Database, name: string): Promise<{ few?: number[]; seen: number }> {
  const keys = await firstMatches(
    db,
    beneficiaries,
    groupKey(beneficiaries),
    ilike(beneficiaries.name, containsPattern(name)),
    MATCHES_READ + 1,
  );
  const groups = [...new Set(keys)];
  return { few: keys.length > MATCHES_READ || groups.length > FEW_GROUPS ? undefined : groups, seen: groups.length };
}

/** Below this offset a page is read forward at once, beside its total; deeper, the total says from which end. */
const SHALLOW_OFFSET = 1000;

/**
 * One page of holders in scope matching the filters, each followed by its dependents, and the number
 * of matching holders (pages count holders, not rows). Without a name filter the total is exact from
 * the maintained counts; with one, exact up to a thousand and estimated beyond (boundedCount).
 *
 * The page of holders is a CTE of ids only, read from the name index alone (no row is fetched for the
 * rows it skips), then numbered in the page's order, and its groups are read with it. A page past the
 * middle of an exactly counted list is read from the end in the reverse order, so the last page costs
 * what the first does.
 */
export async function listHolderPage(
  db: Database,
  principal: Principal,
  filters: BeneficiaryFilters,
  page: { sort?: ListSort; limit: number; offset: number },
): Promise<{ rows: Beneficiary[]; total: ListTotal }> {
  const probe = filters.name ? await probeMatchingGroups(db, filters.name) : undefined;
  const fewGroups = probe?.few;
  if (fewGroups?.length === 0) return { rows: [], total: { total: 0, estimated: false } };
  const where = and(
    isNull(beneficiaries.holderId),
    ...(fewGroups
      ? [isAnyOf(beneficiaries.id, fewGroups), ...listConditions(db, principal, { ...filters, name: undefined })]
      : listConditions(db, principal, filters)),
  );
  const readPage = (reverse: boolean, limit: number, offset: number) => {
    const order = holderOrder(page.sort, reverse);
    const holderIds = db.$with('holder_ids').as(
      db
        .select({ id: beneficiaries.id })
        .from(beneficiaries)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    );
    // Numbered once the page is cut: numbering before the OFFSET would number every holder it skips.
    const holderPage = db.$with('holder_page').as(
      db
        .select({ id: beneficiaries.id, position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('position') })
        .from(beneficiaries)
        .innerJoin(holderIds, eq(holderIds.id, beneficiaries.id)),
    );
    return db
      .with(holderIds, holderPage)
      .select(beneficiaryColumns)
      .from(beneficiaries)
      .innerJoin(holderPage, eq(holderPage.id, groupKey(beneficiaries)))
      .leftJoin(resellers, eq(beneficiaries.resellerId, resellers.id))
      .where(beneficiaryScope(principal))
      .orderBy(
        reverse ? desc(holderPage.position) : asc(holderPage.position),
        sql`${beneficiaries.holderId} is not null`,
        asc(beneficiaries.name),
        asc(beneficiaries.id),
      );
  };

  if (fewGroups) {
    const [rows, [{ total }]] = await Promise.all([
      readPage(false, page.limit, page.offset),
      db.select({ total: count() }).from(beneficiaries).where(where),
    ]);
    return { rows, total: { total, estimated: false } };
  }
  if (filters.name) {
    // Each matching group's holder is in the list when nothing else narrows it: the groups the probe
    // saw are then a floor of the total, and past a thousand the count is not run (15 ms for a surname).
    const narrowed = listConditions(db, principal, { ...filters, name: undefined }).length > 0;
    const [rows, total] = await Promise.all([
      readPage(false, page.limit, page.offset),
      boundedCount(db, () => db.select({ id: beneficiaries.id }).from(beneficiaries).where(where).$dynamic(), narrowed ? 0 : probe!.seen),
    ]);
    return { rows, total };
  }
  if (page.offset < SHALLOW_OFFSET) {
    const [rows, total] = await Promise.all([readPage(false, page.limit, page.offset), countedHolders(db, principal, filters)]);
    return { rows, total: { total, estimated: false } };
  }
  const total = await countedHolders(db, principal, filters);
  const fromEnd = total - page.offset - page.limit;
  let rows: Beneficiary[] = [];
  if (page.offset < total) {
    rows =
      fromEnd < page.offset
        ? await readPage(true, Math.min(page.limit, total - page.offset), Math.max(0, fromEnd))
        : await readPage(false, page.limit, page.offset);
  }
  return { rows, total: { total, estimated: false } };
}

/**
 * One beneficiary in scope, by CPF (digits) or by uuid; undefined when missing or out of scope. A CPF
 * names one record within a partner; an administrator, who sees every partner's, gets the house's
 * own record first, then the oldest.
 */
export async function findBeneficiary(
  db: Database,
  principal: Principal,
  key: { cpf: string } | { uuid: string },
): Promise<Beneficiary | undefined> {
  const match = 'cpf' in key ? eq(beneficiaries.cpf, key.cpf) : eq(beneficiaries.uuid, key.uuid);
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
