import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { oncePerShape } from '../../../db/queryShapes';
import { beneficiaries, partners, professionals, referralCounts, referrals, resellers, specialties } from '../../../db/schema';
import { boundedCount, preparedCount, type ListTotal } from '../../../lib/boundedCount';
import { batchesInKeyOrder } from '../../../lib/csv';
import { keyset, orderOfKey, type KeyPart } from '../../../lib/keyset';
import { pageOfCountedList, reversedKey } from '../../../lib/nearerEnd';
import {
  conditionsShape,
  placeholdersFor,
  readPageByIds,
  readPageByIdsBesideTotal,
  readPreparedPage,
  totalAlone,
  type OrPlaceholders,
  type PageByIds,
  type TotalQuery,
} from '../../../lib/preparedList';
import { qualified } from '../../../lib/qualified';
import { addDays } from '../dates';
import type { PageRequest, PageResult, Referral, ReferralFilters, ReferralSortColumn } from '../types';
import { isUuid } from '../uuid';
import { patientCondition, patientPatterns, type PatientPatterns } from '../patientSearch';
import { dayStart } from './agendaConditions';

/*
 * The professional's and the partner's names are looked up per row by correlated subqueries rather
 * than joined: PostgreSQL planned the five-table join in 0.75 ms at every request, as long as the page
 * then took to read; with the two lookups as subqueries, 0.35 ms (bench/README.md).
 */
const professionalName = sql<
  string | null
>`(select ${qualified(professionals.nomeCompleto)} from ${professionals} where ${qualified(professionals.id)} = ${qualified(referrals.professionalId)})`;
/** The partner of the beneficiary's reseller. */
const partnerName = sql<string | null>`(select ${qualified(partners.nome)} from ${resellers} inner join ${partners} on ${qualified(
  partners.id,
)} = ${qualified(resellers.partnerId)} where ${qualified(resellers.id)} = ${qualified(beneficiaries.resellerId)})`;

/** A referral with its beneficiary, specialty, professional and partner, and `extra` columns beside them (an export's key). */
const selectRows = <Extra extends Record<string, SQL> = Record<never, never>>(db: Database, extra?: Extra) =>
  db
    .select({
      ...(extra as Extra),
      uuid: referrals.uuid,
      createdAt: referrals.createdAt,
      status: referrals.status,
      arquivo: referrals.arquivo,
      beneficiaryUuid: beneficiaries.uuid,
      beneficiaryName: beneficiaries.name,
      beneficiaryCpf: beneficiaries.cpf,
      specialtyUuid: specialties.uuid,
      specialtyName: specialties.name,
      professionalName,
      partnerName,
    })
    .from(referrals)
    .innerJoin(beneficiaries, eq(beneficiaries.id, referrals.beneficiaryId))
    .innerJoin(specialties, eq(specialties.id, referrals.specialtyId));

type ReferralRow = Awaited<ReturnType<typeof selectRows>>[number];

/** The path of a referral's document; routes sign it for the administrator who asked. */
export const referralFilePath = (uuid: string) => `/api/referrals/${uuid}/file`;

const toReferral = (row: ReferralRow): Referral => ({
  uuid: row.uuid,
  createdAt: row.createdAt.toISOString(),
  status: row.status,
  beneficiary: { uuid: row.beneficiaryUuid, name: row.beneficiaryName, cpf: row.beneficiaryCpf },
  specialty: { uuid: row.specialtyUuid, name: row.specialtyName },
  professional: row.professionalName ? { name: row.professionalName } : null,
  partner: row.partnerName ? { name: row.partnerName } : null,
  urlPath: row.arquivo ? referralFilePath(row.uuid) : null,
});

/** The list's filters as values, a key only for a filter given (see agendaConditions.ts). */
type ReferralValues = Partial<PatientPatterns> & { createdFrom?: string; createdBefore?: string; status?: string };

function referralValues(filters: ReferralFilters): ReferralValues {
  const values: ReferralValues = {};
  if (filters.dateFrom) values.createdFrom = dayStart(filters.dateFrom);
  if (filters.dateTo) values.createdBefore = dayStart(addDays(filters.dateTo, 1));
  if (filters.search) Object.assign(values, patientPatterns(filters.search));
  if (filters.status) values.status = filters.status;
  return values;
}

/** The filters as one condition, given their values (the export) or a prepared query's placeholders (the list). */
function referralCondition(given: OrPlaceholders<ReferralValues>): SQL | undefined {
  const { patientName, patientCpf } = given;
  return and(
    given.createdFrom === undefined ? undefined : sql`${referrals.createdAt} >= ${given.createdFrom}`,
    given.createdBefore === undefined ? undefined : sql`${referrals.createdAt} < ${given.createdBefore}`,
    patientName === undefined ? undefined : patientCondition({ patientName, patientCpf }),
    given.status === undefined ? undefined : eq(referrals.status, given.status),
  );
}

/** The sortable columns, and whether the column is the patient's (its ids then join `beneficiaries`). */
const SORTS: Record<ReferralSortColumn, { column: SQL | AnyPgColumn; readsPatient?: true }> = {
  criadoEm: { column: referrals.createdAt },
  beneficiario: { column: beneficiaries.nameKey, readsPatient: true },
  cpf: { column: beneficiaries.cpf, readsPatient: true },
  status: { column: referrals.status },
};

/** The list's order: the chosen column (newest first without one), the id last, newest first, to break ties. */
const keyOf = (sort: PageRequest<ReferralSortColumn>['sort']): KeyPart[] => [
  sort
    ? { column: SORTS[sort.column].column, direction: sort.direction, nullable: true }
    : { column: referrals.createdAt, direction: 'desc' },
  { column: referrals.id, direction: 'desc' },
];

/*
 * The list's page and counts are each prepared once per shape (db/queryShapes.ts) and executed with
 * their values: drizzle otherwise builds their text anew on every request. A shape names all that
 * changes the text: which filters are given, whether the ids join the patients, the order and the
 * direction it is read in, and whether the page starts at an offset.
 */

/** The referrals a request lists: its filters' values, whether their ids join the patients, and the shape of both. */
interface Listed {
  values: ReferralValues;
  readsPatient: boolean;
  shape: string;
}

/** The ids of the referrals `where` selects, joined to their patients when the search or the sort reads them. */
function matchingIds(db: Database, listed: Listed, where: SQL | undefined) {
  const ids = db.select({ id: referrals.id }).from(referrals).$dynamic();
  return (listed.readsPatient ? ids.innerJoin(beneficiaries, eq(beneficiaries.id, referrals.beneficiaryId)) : ids).where(where);
}

/** The list's condition with a prepared query's placeholders. */
const conditionOf = (listed: Listed) => referralCondition(placeholdersFor(listed.values));

/** A page of the referrals by their ids (PageByIds): the beneficiary, specialty, professional and partner joined for its rows alone. */
const pageByIds = (db: Database, listed: Listed, key: KeyPart[]): PageByIds<ReferralRow> => ({
  ids: (cut) =>
    matchingIds(db, listed, conditionOf(listed))
      .orderBy(...orderOfKey(key))
      .limit(cut.limit)
      .offset(cut.offset),
  rows: (ids) => selectRows(db, { id: sql<number>`${referrals.id}` }).where(ids),
  id: referrals.id,
});

/** Rows in `order.key`'s order from `offset` on, `limit` of them (readPageByIds) or all. */
function readRows(
  db: Database,
  listed: Listed,
  order: { shape: string; key: KeyPart[] },
  limit: number | undefined,
  offset: number,
): Promise<ReferralRow[]> {
  if (limit !== undefined)
    return readPageByIds(db, `${listed.shape}; ${order.shape}`, listed.values, { limit, offset }, pageByIds(db, listed, order.key));
  return readPreparedPage(db, `${listed.shape}; all, ${order.shape}`, listed.values, { limit, offset }, (cut) =>
    selectRows(db)
      .where(conditionOf(listed))
      .orderBy(...orderOfKey(order.key))
      .offset(cut.offset),
  );
}

/**
 * The query of the total of the list without filters, or filtered by status alone, from the referrals the database
 * counts per status (migration 0029): four rows summed instead of the table counted. Undefined under
 * any other filter.
 */
function maintainedTotalQuery(db: Database, listed: Listed): TotalQuery | undefined {
  if (Object.keys(listed.values).some((key) => key !== 'status')) return undefined;
  const byStatus = listed.values.status !== undefined;
  return {
    shape: `referrals: maintained counts${byStatus ? ', one status' : ''}`,
    values: listed.values,
    build: () =>
      db
        .select({ total: sql<number>`coalesce(sum(${referralCounts.referrals}), 0)::int` })
        .from(referralCounts)
        .where(byStatus ? eq(referralCounts.status, sql.placeholder('status')) : undefined),
  };
}

/** maintainedTotalQuery's total, asked alone. */
function maintainedTotal(db: Database, listed: Listed): Promise<number> | undefined {
  const query = maintainedTotalQuery(db, listed);
  return query && totalAlone(db, query);
}

/** Exact from the maintained counts, or up to a thousand and estimated beyond (see boundedCount). */
async function countRows(db: Database, listed: Listed): Promise<ListTotal> {
  const maintained = maintainedTotal(db, listed);
  if (maintained) return { total: await maintained, estimated: false };
  return boundedCount(
    db,
    preparedCount(db, listed.shape, listed.values, (withPlaceholders) =>
      matchingIds(db, listed, withPlaceholders ? conditionOf(listed) : referralCondition(listed.values)),
    ),
  );
}

/** The exact number of matching referrals, counted: for filters the maintained counts do not keep (their pages ask those beside the ids). */
async function exactCount(db: Database, listed: Listed): Promise<number> {
  const counted = oncePerShape(db, `${listed.shape}; count`, () =>
    db.select({ total: count() }).from(matchingIds(db, listed, conditionOf(listed)).as('matching')),
  );
  const [{ total }] = await counted.execute(listed.values);
  return Number(total);
}

/** One page (or all) of the referrals, newest first unless another sort is asked for. */
export async function listReferrals(
  db: Database,
  filters: ReferralFilters,
  page: PageRequest<ReferralSortColumn>,
): Promise<PageResult<Referral>> {
  const values = referralValues(filters);
  const { sort } = page;
  // Every referral has its beneficiary (NOT NULL, a foreign key): the list's ids join them only for
  // the patient's search or sort, as joined they cost a lookup for every row a deep page skips.
  const readsPatient = values.patientName !== undefined || Boolean(sort && SORTS[sort.column].readsPatient);
  const listed: Listed = {
    values,
    readsPatient,
    shape: `${conditionsShape('referrals', values)}${readsPatient ? ', patients joined' : ''}`,
  };
  const key = keyOf(sort);
  const sorted = sort ? `by ${sort.column} ${sort.direction}` : 'newest first';
  const read = (reversed: boolean, limit: number | undefined, offset: number) =>
    readRows(db, listed, { shape: `${sorted}${reversed ? ', from the end' : ''}`, key: reversed ? reversedKey(key) : key }, limit, offset);
  if (page.limit === undefined) {
    const [rows, { total, estimated }] = await Promise.all([read(false, page.limit, page.offset), countRows(db, listed)]);
    return { items: rows.map(toReferral), total, totalEstimated: estimated };
  }
  // A maintained total is asked in the statement of the page's ids.
  const maintained = maintainedTotalQuery(db, listed);
  if (maintained) {
    const { rows, total } = await readPageByIdsBesideTotal(
      db,
      `${listed.shape}; ${sorted}`,
      listed.values,
      { limit: page.limit, offset: page.offset },
      (reversed) => pageByIds(db, listed, reversed ? reversedKey(key) : key),
      maintained,
    );
    return { items: rows.map(toReferral), total, totalEstimated: false };
  }
  const { rows, total, estimated } = await pageOfCountedList(
    { limit: page.limit, offset: page.offset },
    read,
    () => countRows(db, listed),
    () => exactCount(db, listed),
  );
  return { items: rows.map(toReferral), total, totalEstimated: estimated };
}

/** Rows per read of the CSV export. */
const EXPORT_BATCH = 500;

/** The whole filtered list in the list's order, each batch read after the last row of the one before (see keyset). */
export async function* exportReferrals(
  db: Database,
  filters: ReferralFilters,
  sort: PageRequest<ReferralSortColumn>['sort'],
): AsyncIterable<Referral[]> {
  const key = keyset(keyOf(sort));
  const where = referralCondition(referralValues(filters));
  const batches = batchesInKeyOrder(
    (limit, after) =>
      selectRows(db, { keyset: key.field })
        .where(and(where, key.after(after)))
        .orderBy(...key.orderBy)
        .limit(limit),
    EXPORT_BATCH,
  );
  for await (const rows of batches) yield rows.map(toReferral);
}

export async function findReferral(db: Database, uuid: string): Promise<Referral | undefined> {
  if (!isUuid(uuid)) return undefined;
  const [row] = await selectRows(db).where(eq(referrals.uuid, uuid.toLowerCase()));
  return row ? toReferral(row) : undefined;
}

/** The file-store key of a referral's document. */
export async function referralFileKey(db: Database, uuid: string): Promise<string | undefined> {
  if (!isUuid(uuid)) return undefined;
  const [row] = await db.select({ arquivo: referrals.arquivo }).from(referrals).where(eq(referrals.uuid, uuid.toLowerCase()));
  return row?.arquivo ?? undefined;
}
