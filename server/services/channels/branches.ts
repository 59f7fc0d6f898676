import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { InferType } from 'yup';
import { DELETE_BLOCKED, type Branch, type BranchOption } from '../../../src/domain/channels';
import type { branchSchema } from '../../../src/domain/validation/channels';
import { DEFAULT_LIST_ORDERS } from '../../../src/domain/listPages';
import type { Database } from '../../db/client';
import { beneficiaries, branchCounts, branches, partners, resellers } from '../../db/schema';
import { conflict, notFound } from '../../lib/httpErrors';
import { orderOfKey, type KeyPart, type Keyset, type KeyValues } from '../../lib/keyset';
import type { ListQuery } from '../../lib/listQuery';
import { nameOrder } from '../../lib/nameOrder';
import { conditionsShape, givenValues, placeholdersFor, readPreparedList, type OrPlaceholders } from '../../lib/preparedList';
import { ownScopeKey } from '../scope';
import { ensureNewPasswordAllowed } from '../auth/newPasswords';
import type { PasswordHasher } from '../auth/passwords';
import type { Principal } from '../auth/tokens';
import { recordAudit, type AuditActor } from '../audit/record';
import { ensureEmailFree, revokeTokens } from './accountRules';
import { pageOfList, textContains, textPattern, type ListResult } from './listing';
import { ensureNotStale, nextVersion } from '../../lib/recordVersion';
import { branchScope, branchScopeOf, partnerScope } from './scope';

export type BranchValues = InferType<ReturnType<typeof branchSchema>>;

export interface BranchFilters {
  titulo?: string;
  /** Partner name, contains. */
  parceiro?: string;
  email?: string;
  /** Exact partner (the reseller form's branch picker). */
  partnerId?: number;
}

export const BRANCH_SORTS = {
  titulo: nameOrder(branches.titulo),
  parceiro: nameOrder(partners.nome),
  email: sql`lower(${branches.email})`,
  ativo: branches.ativo,
  data_registro: branches.dataRegistro,
};
/** The list's and the export's order when none is asked for: the unique id last, so an export can resume after a row. */
export const BRANCH_DEFAULT_KEY: KeyPart[] = [
  { column: BRANCH_SORTS[DEFAULT_LIST_ORDERS.branches.column], direction: DEFAULT_LIST_ORDERS.branches.direction },
  { column: branches.id, direction: 'asc' },
];
export const BRANCH_DEFAULT_SORT = orderOfKey(BRANCH_DEFAULT_KEY);

const NOT_FOUND = 'Filial não encontrada.';

/** The branches the principal may see, of one partner when given, by title: the reseller form's branch picker. */
export function branchOptions(db: Database, principal: Principal, partnerId: number | undefined): Promise<BranchOption[]> {
  return db
    .select({ id: branches.id, id_parceiro: branches.partnerId, titulo: branches.titulo, ativo: branches.ativo })
    .from(branches)
    .where(and(branchScope(principal), partnerId === undefined ? undefined : eq(branches.partnerId, partnerId)))
    .orderBy(asc(nameOrder(branches.titulo)), asc(branches.id));
}

const columns = {
  id: branches.id,
  partnerId: branches.partnerId,
  titulo: branches.titulo,
  apelido: branches.apelido,
  endereco: branches.endereco,
  email: branches.email,
  ativo: branches.ativo,
  dataRegistro: branches.dataRegistro,
  rowVersion: branches.rowVersion,
  partnerName: partners.nome,
};

interface BranchRow {
  id: number;
  partnerId: number;
  titulo: string;
  apelido: string | null;
  endereco: string | null;
  email: string;
  ativo: boolean;
  dataRegistro: Date;
  rowVersion: number;
  partnerName: string;
}

const toBranch = (row: BranchRow): Branch => ({
  id: row.id,
  id_parceiro: row.partnerId,
  titulo: row.titulo,
  apelido: row.apelido,
  endereco: row.endereco,
  email: row.email,
  ativo: row.ativo,
  data_registro: row.dataRegistro.toISOString(),
  parceiro: { nome: row.partnerName },
  versao: row.rowVersion,
});

/** The branches' columns, and `extra` ones beside them (an export's key). */
const selectBranches = <Extra extends Record<string, SQL> = Record<never, never>>(db: Database, extra?: Extra) =>
  db
    .select({ ...columns, ...(extra as Extra) })
    .from(branches)
    .innerJoin(partners, eq(partners.id, branches.partnerId))
    .$dynamic();

/** The values of the list's conditions: the principal's scope key and each given filter's pattern or id. */
const conditionValues = (principal: Principal, filters: BranchFilters) =>
  givenValues(
    { scope: ownScopeKey(principal) },
    {
      titulo: textPattern(filters.titulo),
      parceiro: textPattern(filters.parceiro),
      email: textPattern(filters.email),
      partnerId: filters.partnerId,
    },
  );

function conditions(type: Principal['type'], values: OrPlaceholders<ReturnType<typeof conditionValues>>): SQL | undefined {
  return and(
    branchScopeOf(type, values.scope),
    textContains(branches.titulo, values.titulo),
    textContains(partners.nome, values.parceiro),
    textContains(branches.email, values.email),
    values.partnerId === undefined ? undefined : eq(branches.partnerId, values.partnerId),
  );
}

/**
 * The query of the list's total. In an administrator's or a partner's scope, without filters or by
 * partner alone, it sums the branches the database counts per partner (migration 0032); otherwise (a
 * text filter, a branch's own row) the matching rows are counted.
 */
function totalQuery(db: Database, type: Principal['type'], values: ReturnType<typeof conditionValues>) {
  const filtered = Object.keys(values).some((key) => key !== 'scope' && key !== 'partnerId');
  if (filtered || (type !== 'ADMINISTRADOR' && type !== 'PARCEIRO'))
    return db
      .select({ total: count() })
      .from(branches)
      .innerJoin(partners, eq(partners.id, branches.partnerId))
      .where(conditions(type, placeholdersFor(values)));
  return db
    .select({ total: sql<number>`coalesce(sum(${branchCounts.branches}), 0)::int` })
    .from(branchCounts)
    .where(
      and(
        type === 'PARCEIRO' ? eq(branchCounts.partnerId, sql.placeholder('scope')) : undefined,
        values.partnerId === undefined ? undefined : eq(branchCounts.partnerId, sql.placeholder('partnerId')),
      ),
    );
}

/** A page of the branches in scope and their total, each query prepared once per shape (readPreparedList). */
export async function listBranches(
  db: Database,
  principal: Principal,
  filters: BranchFilters,
  list: ListQuery,
): Promise<ListResult<Branch>> {
  const values = conditionValues(principal, filters);
  const where = () => conditions(principal.type, placeholdersFor(values));
  const { rows, total } = await readPreparedList(
    db,
    conditionsShape(`branches, ${principal.type}`, values),
    values,
    pageOfList(list),
    BRANCH_DEFAULT_KEY,
    {
      rows: (orderBy, { limit, offset }) =>
        selectBranches(db)
          .where(where())
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      count: () => totalQuery(db, principal.type, values),
    },
  );
  return { items: rows.map(toBranch), total };
}

async function readBranch(db: Database, where: SQL | undefined): Promise<Branch> {
  const [row] = await selectBranches(db).where(where).limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return toBranch(row);
}

/** One branch the principal may see; 404 for any other. */
export const findBranch = (db: Database, principal: Principal, id: number) =>
  readBranch(db, and(branchScope(principal), eq(branches.id, id)));

/**
 * The partner a branch goes under: a partner user's own, whatever the body says; for an
 * administrator the chosen one, which must exist.
 */
async function owningPartner(db: Database, principal: Principal, values: BranchValues): Promise<number> {
  const partnerId = principal.type === 'PARCEIRO' ? principal.partnerId! : values.id_parceiro;
  const [partner] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(partnerScope(principal), eq(partners.id, Number(partnerId))))
    .limit(1);
  if (!partner) throw notFound('Parceiro não encontrado.');
  return partner.id;
}

const branchFields = (values: BranchValues) => ({
  titulo: values.titulo,
  apelido: values.apelido ?? null,
  endereco: values.endereco ?? null,
  email: values.email,
});

export async function createBranch(
  db: Database,
  passwords: PasswordHasher,
  principal: Principal,
  actor: AuditActor,
  values: BranchValues,
): Promise<Branch> {
  const partnerId = await owningPartner(db, principal, values);
  await ensureEmailFree(db, branches, values.email);
  ensureNewPasswordAllowed(values.senha!, 'senha');
  const passwordHash = await passwords.hash(values.senha!);
  const id = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [created] = await tx
      .insert(branches)
      .values({ ...branchFields(values), partnerId, passwordHash, ativo: values.ativo ?? true })
      .returning({ id: branches.id });
    await recordAudit(tx, actor, { action: 'create', entity: 'branch', entityId: created.id, summary: values.titulo });
    return created.id;
  });
  return readBranch(db, eq(branches.id, id));
}

/**
 * Saves the edit form. The branch's row is locked first (within the principal's scope) and `ativo`
 * changes only when the form sends it, so an edit made at the same moment as an inactivation never
 * brings the branch back. Its resellers follow a move to another partner (the composite foreign key
 * cascades the change to them, and their versions go up). With `versao` (the version the form or
 * the status badge read), a branch changed since is left as it is (409, recordVersion.ts).
 */
export async function updateBranch(
  db: Database,
  passwords: PasswordHasher,
  principal: Principal,
  actor: AuditActor,
  id: number,
  values: BranchValues,
): Promise<Branch> {
  await findBranch(db, principal, id);
  const partnerId = await owningPartner(db, principal, values);
  await ensureEmailFree(db, branches, values.email, id);
  if (values.senha) ensureNewPasswordAllowed(values.senha, 'senha');
  const passwordHash = values.senha ? await passwords.hash(values.senha) : undefined;

  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [current] = await tx
      .select()
      .from(branches)
      .where(and(branchScope(principal), eq(branches.id, id)))
      .for('no key update');
    if (!current) throw notFound(NOT_FOUND);
    ensureNotStale(current, values.versao, { ...branchFields(values), partnerId });
    await tx
      .update(branches)
      .set({
        ...branchFields(values),
        partnerId,
        ...(values.ativo === undefined ? {} : { ativo: values.ativo }),
        ...(passwordHash ? { passwordHash } : {}),
        rowVersion: nextVersion(branches),
      })
      .where(eq(branches.id, id));
    // The move changed the resellers' partner (the foreign key's cascade): a form read before it is stale.
    if (partnerId !== current.partnerId) {
      await tx
        .update(resellers)
        .set({ rowVersion: nextVersion(resellers) })
        .where(eq(resellers.branchId, id));
    }
    const deactivated = current.ativo && values.ativo === false;
    if (passwordHash || deactivated) await revokeTokens(tx, branches, eq(branches.id, id));
    if (deactivated) await revokeTokens(tx, resellers, eq(resellers.branchId, id));
    await recordAudit(tx, actor, { action: 'update', entity: 'branch', entityId: id, summary: values.titulo });
  });
  return readBranch(db, eq(branches.id, id));
}

/**
 * Removes a branch in scope that has no resellers and owns no beneficiaries. The checks give the
 * friendly message; the foreign keys refuse one that gained either meanwhile (constraintAnswers.ts).
 */
export async function deleteBranch(db: Database, principal: Principal, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await findBranch(tx, principal, id);
    const [withReseller] = await tx.select({ id: resellers.id }).from(resellers).where(eq(resellers.branchId, id)).limit(1);
    if (withReseller) throw conflict(DELETE_BLOCKED.branchHasResellers);
    const [owned] = await tx.select({ id: beneficiaries.id }).from(beneficiaries).where(eq(beneficiaries.branchId, id)).limit(1);
    if (owned) throw conflict(DELETE_BLOCKED.branchHasBeneficiaries);
    const [removed] = await tx
      .delete(branches)
      .where(and(branchScope(principal), eq(branches.id, id)))
      .returning({ id: branches.id });
    if (!removed) throw notFound(NOT_FOUND);
    await recordAudit(tx, actor, { action: 'delete', entity: 'branch', entityId: id });
  });
}

/** A batch of the CSV export in the list's order, after the row whose key is `after` (see keyset). */
export async function branchExportBatch(
  db: Database,
  principal: Principal,
  filters: BranchFilters,
  key: Keyset,
  limit: number,
  after: KeyValues | undefined,
): Promise<(Branch & { keyset: KeyValues })[]> {
  const rows = await selectBranches(db, { keyset: key.field })
    .where(and(conditions(principal.type, conditionValues(principal, filters)), key.after(after)))
    .orderBy(...key.orderBy)
    .limit(limit);
  return rows.map((row) => ({ ...toBranch(row), keyset: row.keyset }));
}
