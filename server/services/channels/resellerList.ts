import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Reseller } from '../../../src/domain/channels';
import type { Database } from '../../db/client';
import { branches, partners, resellerCounts, resellers } from '../../db/schema';
import type { Keyset, KeyValues } from '../../lib/keyset';
import type { ListQuery } from '../../lib/listQuery';
import {
  conditionsShape,
  givenValues,
  placeholdersFor,
  readPreparedList,
  tablePageByIds,
  type OrPlaceholders,
} from '../../lib/preparedList';
import { ownScopeKey, resellerScopeOf } from '../scope';
import type { Principal } from '../auth/tokens';
import { documentContains, documentPattern, nameKeyContains, pageOfList, textContains, textPattern, type ListResult } from './listing';
import { RESELLER_DEFAULT_KEY, selectResellers, toReseller } from './resellers';

/** The resellers' list and its CSV export: the same conditions, as placeholders for the page and values for the export. */

export interface ResellerFilters {
  nome?: string;
  /** Partner name, contains. */
  parceiro?: string;
  /** Branch title, contains. */
  filial?: string;
  cpf?: string;
}

/** The values of the list's conditions: the principal's scope key and each given filter's pattern. */
const conditionValues = (principal: Principal, filters: ResellerFilters) =>
  givenValues(
    { scope: ownScopeKey(principal) },
    {
      nome: textPattern(filters.nome),
      parceiro: textPattern(filters.parceiro),
      filial: textPattern(filters.filial),
      cpf: documentPattern(filters.cpf),
    },
  );

function conditions(db: Database, type: Principal['type'], values: OrPlaceholders<ReturnType<typeof conditionValues>>): SQL | undefined {
  return and(
    resellerScopeOf(type, values.scope),
    nameKeyContains(resellers.nomeKey, values.nome),
    values.parceiro === undefined
      ? undefined
      : inArray(resellers.partnerId, db.select({ id: partners.id }).from(partners).where(textContains(partners.nome, values.parceiro))),
    values.filial === undefined
      ? undefined
      : inArray(resellers.branchId, db.select({ id: branches.id }).from(branches).where(textContains(branches.titulo, values.filial))),
    documentContains(resellers.cpf, values.cpf),
  );
}

/**
 * The query of the list's total. Without filters, in an administrator's, a partner's or a branch's
 * scope, it sums the resellers the database counts per partner and branch (migration 0030): exact,
 * and a few hundred rows at most instead of every reseller in the scope. Otherwise (a filter, or a
 * reseller's own row) the matching rows are counted.
 */
function totalQuery(db: Database, type: Principal['type'], values: ReturnType<typeof conditionValues>) {
  const filtered = Object.keys(values).some((key) => key !== 'scope');
  if (filtered || type === 'REVENDEDOR')
    return db
      .select({ total: count() })
      .from(resellers)
      .where(conditions(db, type, placeholdersFor(values)));
  const scope = type === 'PARCEIRO' ? resellerCounts.partnerId : type === 'FILIAL' ? resellerCounts.branchId : undefined;
  return db
    .select({ total: sql<number>`coalesce(sum(${resellerCounts.resellers}), 0)::int` })
    .from(resellerCounts)
    .where(scope && eq(scope, sql.placeholder('scope')));
}

/**
 * A page of the resellers in scope and their total, each query prepared once per shape
 * (readPreparedList). The partner's and the branch's names are looked up for the page's rows alone.
 */
export async function listResellers(
  db: Database,
  principal: Principal,
  filters: ResellerFilters,
  list: ListQuery,
): Promise<ListResult<Reseller>> {
  const values = conditionValues(principal, filters);
  const where = () => conditions(db, principal.type, placeholdersFor(values));
  const { rows, total } = await readPreparedList(
    db,
    conditionsShape(`resellers, ${principal.type}`, values),
    values,
    pageOfList(list),
    RESELLER_DEFAULT_KEY,
    {
      byIds: (orderBy) => tablePageByIds(db, resellers.id, where, orderBy, (ids) => selectResellers(db).where(ids)),
      fewMatches: values.nome === undefined ? undefined : () => conditions(db, principal.type, values),
      count: () => totalQuery(db, principal.type, values),
    },
  );
  return { items: rows.map(toReseller), total };
}

/** A batch of the CSV export in the list's order, after the row whose key is `after` (see keyset). */
export async function resellerExportBatch(
  db: Database,
  principal: Principal,
  filters: ResellerFilters,
  key: Keyset,
  limit: number,
  after: KeyValues | undefined,
): Promise<(Reseller & { keyset: KeyValues })[]> {
  const rows = await selectResellers(db, { keyset: key.field })
    .where(and(conditions(db, principal.type, conditionValues(principal, filters)), key.after(after)))
    .orderBy(...key.orderBy)
    .limit(limit);
  return rows.map((row) => ({ ...toReseller(row), keyset: row.keyset }));
}
