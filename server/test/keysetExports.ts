import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { referrals } from '../db/schema';
import { specialtyByName } from './careFixtures';
import { unique } from './channelFixtures';
import { csvLines, injectAs } from './helpers';

/** A tag of letters only: the patient searches read digits as a CPF. */
export const letterTag = () => unique().replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]);

/** Pairs of equal numbers, (1,2), (3,4), … so rows 500/501 and 1,000/1,001 (batch and page ends) tie. */
export const pair = (index: number) => Math.floor((index + 1) / 2);

/** Rows enough for an export of more than one 1,000-row batch. */
export const MORE_THAN_A_BATCH = 1007;

/** Pairs of equal names, (1,2), (3,4), … so rows 1,000 and 1,001 (across the first batch's end) tie. */
export const pairedName = (prefix: string, index: number) => `${prefix} ${String(Math.floor((index + 1) / 2)).padStart(4, '0')}`;

type Keyed = { id: number; name: string };
/** A list's order by name, ties by id. */
export const byNameThenId = (a: Keyed, b: Keyed) => (a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1);

/** One column of an export's rows (header left out), read as `token`. */
export async function exportedColumn(app: FastifyInstance, token: string, url: string, column: number): Promise<string[]> {
  const response = await injectAs(app, token, { method: 'GET', url });
  expect([url, response.statusCode]).toEqual([url, 200]);
  return csvLines(response.body)
    .slice(1)
    .map((line) => line.split(';')[column]);
}

/** An instant microseconds after yesterday's start: a key read back as a JavaScript Date would lose them. */
export const microsAfterStart = (micros: number) => sql`date_trunc('day', now()) - interval '1 day' + ${micros} * interval '1 microsecond'`;

/**
 * A Dermatologia referral for each patient, in the statuses' turn, created in equal pairs a
 * microsecond apart (`pair(index)`), so rows tie across batch and page ends.
 */
export async function insertPairedReferrals(db: Database, patients: ReadonlyArray<{ id: number }>) {
  const specialty = await specialtyByName(db, 'Dermatologia');
  const statuses = ['PENDING', 'SCHEDULED', 'COMPLETED'] as const;
  return db
    .insert(referrals)
    .values(
      patients.map((patient, index) => ({
        beneficiaryId: patient.id,
        specialtyId: specialty.id,
        status: statuses[index % 3],
        createdAt: microsAfterStart(pair(index)),
      })),
    )
    .returning({ id: referrals.id, uuid: referrals.uuid, status: referrals.status });
}
