import { and, eq, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { beneficiaries } from '../../db/schema';
import { containsPattern } from '../../lib/listQuery';
import { keyContains, type KeyCondition, type Pattern } from '../../lib/nameOrder';
import type { Principal } from '../auth/tokens';
import { ownScopeKey } from '../scope';
import { beneficiaryScopeOf } from './scope';

/*
 * The beneficiaries' list conditions, as values or as a prepared query's placeholders (one query per
 * shape, db/queryShapes.ts): the same conditions either way, so a list's page, its count and its CSV agree.
 */

/** The holders a row's group is looked up among (the CSV's rows are holders and dependents). */
const matchingHolders = alias(beneficiaries, 'matching_holder');

export interface BeneficiaryFilters {
  name?: string;
  reseller?: number;
  branch?: number;
  partner?: number;
}

/** A holder and its dependents form a group; the group's key is the holder's id. */
export const groupKey = (table: typeof beneficiaries) => sql`coalesce(${table.holderId}, ${table.id})`;

/** The values of a list's conditions: the principal's scope key, the channel filters, the name's pattern. */
export type ConditionValues<Id = number, Text = string> = {
  scope: Id;
  reseller?: Id;
  branch?: Id;
  partner?: Id;
  namePattern?: Text;
};

export function conditionValues(principal: Principal, filters: BeneficiaryFilters): ConditionValues {
  const values: ConditionValues = { scope: ownScopeKey(principal) };
  if (filters.reseller) values.reseller = filters.reseller;
  if (filters.branch) values.branch = filters.branch;
  if (filters.partner) values.partner = filters.partner;
  if (filters.name) values.namePattern = containsPattern(filters.name);
  return values;
}

/**
 * The scope and the filters. The name filter keeps whole groups: a holder shows when it or one of its
 * dependents matches, and a dependent shows with its group. `holdersOnly`: the rows are holders, whose
 * own group names answer the name filter (else each row's group is looked up among the holders).
 * `contains`: how the name is matched (keyContainsFromIndex for a probe of the matches).
 */
export function listConditions(
  db: Database,
  type: Principal['type'],
  values: ConditionValues<number | Placeholder, Pattern>,
  holdersOnly = false,
  contains: KeyCondition = keyContains,
): SQL[] {
  const conditions: SQL[] = [];
  const scope = beneficiaryScopeOf(type, values.scope);
  if (scope) conditions.push(scope);
  if (values.reseller !== undefined) conditions.push(eq(beneficiaries.resellerId, values.reseller));
  if (values.branch !== undefined) conditions.push(eq(beneficiaries.branchId, values.branch));
  if (values.partner !== undefined) conditions.push(eq(beneficiaries.partnerId, values.partner));
  // A group matches by any member's name: its holder keeps their keys (group_names, migrations 0026, 0040).
  if (values.namePattern !== undefined && holdersOnly) conditions.push(contains(beneficiaries.groupNames, values.namePattern));
  else if (values.namePattern !== undefined) {
    const matching = db
      .select({ id: matchingHolders.id })
      .from(matchingHolders)
      .where(and(isNull(matchingHolders.holderId), contains(matchingHolders.groupNames, values.namePattern)));
    conditions.push(inArray(groupKey(beneficiaries), matching));
  }
  return conditions;
}

/** What of a list's conditions changes its SQL text: the principal's type and which values are given. */
export const shapeOf = (type: Principal['type'], values: ConditionValues) => `${type}, ${Object.keys(values).join(' ')}`;

/** The holders in scope matching the filters (`contains`: as for listConditions). */
export function holderConditions(
  db: Database,
  type: Principal['type'],
  values: ConditionValues<number | Placeholder, Pattern>,
  contains: KeyCondition = keyContains,
): SQL | undefined {
  return and(isNull(beneficiaries.holderId), ...listConditions(db, type, values, true, contains));
}
