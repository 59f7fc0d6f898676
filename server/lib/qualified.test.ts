import { sql, type SQLWrapper } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pg-proxy';
import { professionals, professionalSpecialties } from '../db/schema';
import { qualified } from './qualified';

/**
 * A column named with its table wherever it stands. In a single-table select's list Drizzle leaves
 * columns bare, also inside a correlated subquery placed there, where `"id"` then names the
 * subquery's own table's column instead of the outer row's. Rendered only: no query is sent.
 */

const db = drizzle(async () => ({ rows: [] }));

const countOfSpecialties = (column: SQLWrapper, outer: SQLWrapper) =>
  sql<number>`(select count(*) from ${professionalSpecialties} where ${column} = ${outer})`;

it("names the outer row's column, not the subquery's own, in a correlated subquery of a single-table select", () => {
  const listed = db
    .select({
      id: professionals.id,
      specialties: countOfSpecialties(qualified(professionalSpecialties.professionalId), qualified(professionals.id)),
    })
    .from(professionals)
    .toSQL().sql;
  expect(listed).toBe(
    'select "id", (select count(*) from "professional_specialties" where "professional_specialties"."professional_id" = "professionals"."id") from "professionals"',
  );
});

it('is needed there: the same subquery without it compares the inner table with itself', () => {
  const bare = db
    .select({ id: professionals.id, specialties: countOfSpecialties(professionalSpecialties.professionalId, professionals.id) })
    .from(professionals)
    .toSQL().sql;
  expect(bare).toContain('where "professional_id" = "id"');
});
