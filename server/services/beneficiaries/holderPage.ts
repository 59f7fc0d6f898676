import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Beneficiary } from '../../../src/domain/beneficiaries';
import type { Database } from '../../db/client';
import { oncePerShape } from '../../db/queryShapes';
import { beneficiaries, beneficiaryHolderCounts, GROUP_NAME_WORD_STATISTICS, resellers } from '../../db/schema';
import { boundedCount, preparedCount, type ListTotal } from '../../lib/boundedCount';
import { commonWordShare, wordSharesOf, type WordShares } from '../../lib/commonWords';
import { isAnyOf, matchesIfFew, type FewMatches } from '../../lib/fewMatches';
import { orderOfKey, type KeyPart } from '../../lib/keyset';
import { foldedOutOfSight, keyContainsFromIndex } from '../../lib/nameOrder';
import type { ListSort } from '../../lib/listQuery';
import { isShallow, reversedKey } from '../../lib/nearerEnd';
import {
  idsBesideTotal,
  placeholdersFor,
  readPreparedPage,
  totalAlone,
  totalOfPart,
  totalPart,
  type PagePlaceholders,
  type TotalQuery,
} from '../../lib/preparedList';
import { rarestLettersPattern } from '../../lib/rarestLetters';
import { partsInOneStatement } from '../../lib/statementParts';
import type { Principal } from '../auth/tokens';
import { conditionValues, groupKey, type ConditionValues, holderConditions, shapeOf, type BeneficiaryFilters } from './listConditions';
import { holderMarkAt, markOf, type HolderMark } from './holderSegments';
import { beneficiaryColumns } from './queries';
import { beneficiaryScopeOf } from './scope';

export const HOLDER_SORTS = { name: beneficiaries.nameKey, cpf: beneficiaries.cpf };

/** The holders' order: the requested column first, then name and id. */
const holderKey = (sort: ListSort | undefined): KeyPart[] => [
  ...(sort ? [{ column: sort.column, direction: sort.direction }] : []),
  { column: beneficiaries.nameKey, direction: 'asc' },
  { column: beneficiaries.id, direction: 'asc' },
];

/** The holders' order as ORDER BY; `reverse` reads it from the end. */
const holderOrder = (sort: ListSort | undefined, reverse: boolean): SQL[] =>
  orderOfKey(reverse ? reversedKey(holderKey(sort)) : holderKey(sort));

/**
 * The query of the exact number of holders in scope under the channel filters, from the counts the
 * database keeps per partner, branch and reseller (migration 0015): a sum of a few thousand rows at most.
 */
function holderTotal(db: Database, principal: Principal, filters: BeneficiaryFilters): TotalQuery {
  const values = conditionValues(principal, { ...filters, name: undefined });
  return {
    shape: `beneficiaries: maintained holder counts, ${shapeOf(principal.type, values)}`,
    values,
    build: () => {
      const c = beneficiaryHolderCounts;
      const key = placeholdersFor(values);
      const scope = { ADMINISTRADOR: undefined, PARCEIRO: c.partnerKey, FILIAL: c.branchKey, REVENDEDOR: c.resellerKey }[principal.type];
      return db
        .select({ total: sql<number>`coalesce(sum(${c.holders}), 0)::int` })
        .from(c)
        .where(
          and(
            scope && eq(scope, key.scope),
            key.reseller && eq(c.resellerKey, key.reseller),
            key.branch && eq(c.branchKey, key.branch),
            key.partner && eq(c.partnerKey, key.partner),
          ),
        );
    },
  };
}

/** holderTotal's count, asked alone. */
const countedHolders = (db: Database, principal: Principal, filters: BeneficiaryFilters) =>
  totalAlone(db, holderTotal(db, principal, filters));

/** The number of every holder and the mark of the name segment holding position `offset`, in one statement (both keep their plans). */
async function everyHolderTotalAndMark(db: Database, principal: Principal, filters: BeneficiaryFilters, offset: number) {
  const answer = await partsInOneStatement(db, 'beneficiaries: every holder', {
    total: totalPart(holderTotal(db, principal, filters)),
    mark: holderMarkAt(offset),
  });
  return { total: totalOfPart(answer.total), mark: markOf(answer.mark) };
}

/** Up to this many holders matching a name filter, the list is read from their ids. */
const FEW_HOLDERS = 1000;

/**
 * Whether the list's holders (its scope and channel filters, as counted) likely hold a thousand
 * matches of the name filter `name` and more: a common word contains it ('Silva', about one holder in
 * thirteen), by the words' statistics, for twice FEW_HOLDERS, a margin for their sample and for a
 * scope whose share differs. A word the statistics do not hold, or a name of two words, may be rare.
 */
async function commonInList(
  db: Database,
  principal: Principal,
  filters: BeneficiaryFilters,
  name: string,
  shares: WordShares,
): Promise<boolean> {
  const share = commonWordShare(shares, name);
  return share > 0 && share * (await countedHolders(db, principal, filters)) > 2 * FEW_HOLDERS;
}

/**
 * `few`: the holders of the list (its scope and filters, the name's included: their group has a
 * member whose name contains it), in the list's order, when there are at most FEW_HOLDERS, else
 * undefined; `seen`: how many the probe read, a floor of them all. A rare name is then read from its
 * page's few holders, in a few milliseconds, and counted by the probe; read in the list's order
 * instead, PostgreSQL (which cannot tell a rare name from a common one) walked tens of thousands of
 * holders to fill the page (bench/README.md). A common name is read in the list's order, where its
 * matches come soon.
 *
 * The holders are read by matchesIfFew, from their group names' trigram index whatever the planner's
 * guess of their number: FEW_HOLDERS + 1 rows at most, sorted and sent only when they are all. A name
 * the words' statistics call common is not probed (`seen` FEW_HOLDERS + 1, unread): reading its
 * thousand matches from the trigram index, scattered over as many pages of the table, took 2.3 ms of
 * the database's time, ten times the page's own read (bench/README.md).
 */
async function probeMatchingHolders(
  db: Database,
  principal: Principal,
  name: string,
  filters: BeneficiaryFilters,
  values: ConditionValues,
  sort: ListSort | undefined,
): Promise<FewMatches> {
  const shares = await wordSharesOf(db, GROUP_NAME_WORD_STATISTICS);
  if (await commonInList(db, principal, filters, name, shares)) return { seen: FEW_HOLDERS + 1 };
  const matching = probeCondition(db, principal, values, rarestLettersPattern(shares, name));
  return matchesIfFew(db, beneficiaries, beneficiaries.id, matching, FEW_HOLDERS, holderKey(sort));
}

/** Whether the name is the list's only condition: an administrator's list without a channel filter. */
const nameAlone = (principal: Principal, values: ConditionValues) =>
  beneficiaryScopeOf(principal.type, values.scope) === undefined &&
  values.reseller === undefined &&
  values.branch === undefined &&
  values.partner === undefined;

/**
 * The probe's condition, its trigram index asked for `asked`. With the name alone, its patterns are
 * folded out of the planner's sight (foldedOutOfSight): the probe keeps one generic plan per
 * connection instead of being planned on every request, and folds them once, not for every
 * candidate it checks (1.3-2.0 → 0.6-1.7 ms at the large size, bench/README.md). Beside a scope's or
 * a channel's condition they stay in sight: hidden, the planner cannot tell how few rows the name
 * finds, and read the channel's index too, to AND it with the trigrams'.
 */
function probeCondition(db: Database, principal: Principal, values: ConditionValues, asked: string): SQL | undefined {
  if (!nameAlone(principal, values) || values.namePattern === undefined)
    return holderConditions(db, principal.type, values, keyContainsFromIndex(asked));
  const typed = foldedOutOfSight(values.namePattern);
  // Asked for the text as typed, the index's condition is the one check (keyContainsFromIndex).
  const askedOutOfSight = asked === values.namePattern ? typed : foldedOutOfSight(asked);
  return holderConditions(db, principal.type, { ...values, namePattern: typed }, keyContainsFromIndex(askedOutOfSight));
}

/**
 * The ids of a page of the holders `where` selects, in `order`: read from the name index alone, no
 * row fetched for the holders the offset skips.
 */
const holderIdsQuery = (db: Database, where: SQL | undefined, order: SQL[], page: PagePlaceholders) =>
  db
    .select({ id: beneficiaries.id })
    .from(beneficiaries)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);

/**
 * The holders whose ids are the placeholder `ids`, in that array's order, each followed by its
 * dependents, with their lookups (within the principal's scope, as the holders are).
 */
function holderGroupsQuery(db: Database, type: Principal['type']) {
  const ids = sql.placeholder('ids');
  return db
    .select(beneficiaryColumns)
    .from(beneficiaries)
    .leftJoin(resellers, eq(beneficiaries.resellerId, resellers.id))
    .where(and(isAnyOf(groupKey(beneficiaries), ids), beneficiaryScopeOf(type, sql.placeholder('scope'))))
    .orderBy(
      sql`array_position(${ids}::int[], ${groupKey(beneficiaries)})`,
      sql`${beneficiaries.holderId} is not null`,
      asc(beneficiaries.nameKey),
      asc(beneficiaries.id),
    );
}

/**
 * The holders `ids` (in the page's order) each followed by its dependents: one statement prepared
 * once per user type, whose plan PostgreSQL keeps per connection. In one statement with the ids' page
 * it was planned anew on every request, for its LIMIT and OFFSET.
 */
async function holderGroups(db: Database, type: Principal['type'], scope: unknown, ids: number[]): Promise<Beneficiary[]> {
  if (ids.length === 0) return [];
  const groups = oncePerShape(db, `beneficiaries: holders by ids with their dependents, ${type}`, () => holderGroupsQuery(db, type));
  return groups.execute({ ids, scope });
}

/** The holders from a name segment's mark on, in name order (the mark's name and id as placeholders). */
const afterMark = sql`(${beneficiaries.nameKey}, ${beneficiaries.id}) >= (${sql.placeholder('markKey')}, ${sql.placeholder('markId')})`;

/**
 * One page of holders in scope matching the filters, each followed by its dependents, and the number
 * of matching holders (pages count holders, not rows). Without a name filter the total is exact from
 * the maintained counts; with one, exact up to a thousand and estimated beyond (boundedCount). A
 * page past the middle of an exactly counted list is read from the end in the reverse order, so the
 * last page costs what the first does; an administrator's deep page of every holder in name order
 * starts at its name segment's mark and skips within that segment alone (holderSegments.ts). Each
 * query is prepared once per shape (db/queryShapes.ts).
 */
export async function listHolderPage(
  db: Database,
  principal: Principal,
  filters: BeneficiaryFilters,
  page: { sort?: ListSort; limit: number; offset: number },
): Promise<{ rows: Beneficiary[]; total: ListTotal }> {
  const values = conditionValues(principal, filters);
  const probe = filters.name ? await probeMatchingHolders(db, principal, filters.name, filters, values, page.sort) : undefined;
  const groupsOf = (ids: number[]) => holderGroups(db, principal.type, values.scope, ids);
  // Few holders come in the list's order, in scope and filtered: the page's own are its ids.
  if (probe?.few)
    return {
      rows: await groupsOf(probe.few.slice(page.offset, page.offset + page.limit)),
      total: { total: probe.few.length, estimated: false },
    };
  const shape = shapeOf(principal.type, values);
  const placeholders = () => holderConditions(db, principal.type, placeholdersFor(values));
  const sorted = page.sort ? `, by ${page.sort.name} ${page.sort.direction}` : '';
  // A page's holder ids, read from the first holder, the last (`'last'`, in the reverse order) or a
  // name segment's mark, then their groups.
  const readPage = async (start: 'first' | 'last' | HolderMark, limit: number, offset: number) => {
    const mark = typeof start === 'object' ? start : undefined;
    const reverse = start === 'last';
    const from = mark ? ", from a segment's mark" : reverse ? ', from the end' : '';
    const ids = await readPreparedPage(
      db,
      `beneficiaries: page ids, ${shape}${sorted}${from}`,
      mark ? { ...values, markKey: mark.nameKey, markId: mark.id } : values,
      { limit, offset },
      (cut) => holderIdsQuery(db, mark ? and(placeholders(), afterMark) : placeholders(), holderOrder(page.sort, reverse), cut),
    );
    const inOrder = ids.map((row) => row.id);
    // Read from the end, the ids come last first: put back in the page's order.
    return groupsOf(reverse ? inOrder.reverse() : inOrder);
  };

  if (filters.name) {
    // Past a thousand holders the probe saw, the total is the planner's estimate, never below them: not counted (15 ms for a surname).
    const holders = preparedCount(db, `beneficiaries: holders, ${shape}`, values, (withPlaceholders) =>
      db
        .select({ id: beneficiaries.id })
        .from(beneficiaries)
        .where(withPlaceholders ? placeholders() : holderConditions(db, principal.type, values))
        .$dynamic(),
    );
    const [rows, total] = await Promise.all([readPage('first', page.limit, page.offset), boundedCount(db, holders, probe!.seen)]);
    return { rows, total };
  }
  // Every holder in name order: a deep page may start at its name segment's mark (holderSegments.ts).
  const everyHolder = principal.type === 'ADMINISTRADOR' && !page.sort && !filters.partner && !filters.branch && !filters.reseller;
  // Otherwise the page's ids are asked beside its total, read from the nearer end.
  if (isShallow(page.offset) || !everyHolder) {
    const { ids, total } = await idsBesideTotal(
      db,
      `beneficiaries: page ids, ${shape}${sorted}`,
      values,
      page,
      (reverse, cut) => holderIdsQuery(db, placeholders(), holderOrder(page.sort, reverse), cut),
      holderTotal(db, principal, filters),
    );
    return { rows: await groupsOf(ids), total: { total, estimated: false } };
  }
  const { total, mark } = await everyHolderTotalAndMark(db, principal, filters, page.offset);
  if (page.offset >= total) return { rows: [], total: { total, estimated: false } };
  // Read from whichever start skips the fewest holders: the segment's mark (the first holder's, near the start) or the last.
  const fromEnd = total - page.offset - page.limit;
  const fromMark = page.offset - mark.before;
  const rows =
    fromEnd < fromMark
      ? await readPage('last', Math.min(page.limit, total - page.offset), Math.max(0, fromEnd))
      : await readPage(mark, page.limit, fromMark);
  return { rows, total: { total, estimated: false } };
}
