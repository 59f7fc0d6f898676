import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { beneficiaries, partners, professionals, referrals, resellers, specialties } from '../../../db/schema';
import { boundedCount } from '../../../lib/boundedCount';
import { batchesInKeyOrder } from '../../../lib/csv';
import { keyset, orderOfKey, type KeyPart } from '../../../lib/keyset';
import { pageOfCountedList, reversedKey } from '../../../lib/nearerEnd';
import { pageByIds } from '../../../lib/pageByIds';
import { addDays, zonedInstant } from '../dates';
import type { PageRequest, PageResult, Referral, ReferralFilters, ReferralSortColumn } from '../types';
import { isUuid } from '../uuid';
import { patientCondition } from './appointmentQueries';

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
      professionalName: professionals.nomeCompleto,
      partnerName: partners.nome,
    })
    .from(referrals)
    .innerJoin(beneficiaries, eq(beneficiaries.id, referrals.beneficiaryId))
    .innerJoin(specialties, eq(specialties.id, referrals.specialtyId))
    .leftJoin(professionals, eq(professionals.id, referrals.professionalId))
    .leftJoin(resellers, eq(resellers.id, beneficiaries.resellerId))
    .leftJoin(partners, eq(partners.id, resellers.partnerId));

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

function whereOf(filters: ReferralFilters): SQL | undefined {
  return and(
    filters.dateFrom ? gte(referrals.createdAt, zonedInstant(filters.dateFrom, '00:00')) : undefined,
    filters.dateTo ? lt(referrals.createdAt, zonedInstant(addDays(filters.dateTo, 1), '00:00')) : undefined,
    filters.search ? patientCondition(filters.search, beneficiaries.name, beneficiaries.cpf) : undefined,
    filters.status ? eq(referrals.status, filters.status) : undefined,
  );
}

/** The sortable columns, and whether the column is the patient's (its ids then join `beneficiaries`). */
const SORTS: Record<ReferralSortColumn, { column: SQL | AnyPgColumn; readsPatient?: true }> = {
  criadoEm: { column: referrals.createdAt },
  beneficiario: { column: sql`lower(${beneficiaries.name})`, readsPatient: true },
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

/** One page (or all) of the referrals, newest first unless another sort is asked for. */
export async function listReferrals(
  db: Database,
  filters: ReferralFilters,
  page: PageRequest<ReferralSortColumn>,
): Promise<PageResult<Referral>> {
  const where = whereOf(filters);
  const key = keyOf(page.sort);
  // Every referral has its beneficiary (NOT NULL, a foreign key): the list's ids join them only for
  // the patient's search or sort, as joined they cost a lookup for every row a deep page skips.
  const readsPatient = Boolean(filters.search) || Boolean(page.sort && SORTS[page.sort.column].readsPatient);
  const matching = () => {
    const ids = db.select({ id: referrals.id }).from(referrals).$dynamic();
    return (readsPatient ? ids.innerJoin(beneficiaries, eq(beneficiaries.id, referrals.beneficiaryId)) : ids).where(where);
  };
  const read = (orderBy: SQL[], limit: number | undefined, offset: number) => {
    const rows = selectRows(db).$dynamic();
    if (limit === undefined)
      return rows
        .where(where)
        .orderBy(...orderBy)
        .offset(offset);
    // The page's beneficiary, specialty, professional and partner are joined for its rows alone.
    return pageByIds(rows, referrals.id, matching(), orderBy, { limit, offset });
  };
  if (page.limit === undefined) {
    // Exact up to a thousand, estimated beyond (see boundedCount).
    const [rows, { total, estimated }] = await Promise.all([read(orderOfKey(key), page.limit, page.offset), boundedCount(db, matching)]);
    return { items: rows.map(toReferral), total, totalEstimated: estimated };
  }
  const { rows, total, estimated } = await pageOfCountedList(
    { limit: page.limit, offset: page.offset },
    (reversed, limit, offset) => read(orderOfKey(reversed ? reversedKey(key) : key), limit, offset),
    () => boundedCount(db, matching),
    async () => Number((await db.select({ total: count() }).from(matching().as('matching')))[0].total),
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
  const where = whereOf(filters);
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
