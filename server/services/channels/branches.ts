import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { InferType } from 'yup';
import { DELETE_BLOCKED, type Branch } from '../../../src/domain/channels';
import type { branchSchema } from '../../../src/domain/validation/channels';
import type { Database } from '../../db/client';
import { branches, partners, resellers } from '../../db/schema';
import { conflict, notFound } from '../../lib/httpErrors';
import type { ListQuery } from '../../lib/listQuery';
import type { PasswordHasher } from '../auth/passwords';
import type { Principal } from '../auth/tokens';
import { ensureEmailFree, revokeTokens, withConstraintAnswers } from './accountRules';
import { readList, textContains, type ListResult } from './listing';
import { branchScope, partnerScope } from './scope';

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
  titulo: sql`lower(${branches.titulo})`,
  parceiro: sql`lower(${partners.nome})`,
  email: sql`lower(${branches.email})`,
  ativo: branches.ativo,
  data_registro: branches.dataRegistro,
};
export const BRANCH_DEFAULT_SORT = [asc(sql`lower(${branches.titulo})`), asc(branches.id)];

const NOT_FOUND = 'Filial não encontrada.';

const columns = {
  id: branches.id,
  partnerId: branches.partnerId,
  titulo: branches.titulo,
  apelido: branches.apelido,
  endereco: branches.endereco,
  email: branches.email,
  ativo: branches.ativo,
  dataRegistro: branches.dataRegistro,
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
});

const selectBranches = (db: Database) =>
  db.select(columns).from(branches).innerJoin(partners, eq(partners.id, branches.partnerId)).$dynamic();

function conditions(principal: Principal, filters: BranchFilters): SQL | undefined {
  return and(
    branchScope(principal),
    textContains(branches.titulo, filters.titulo),
    textContains(partners.nome, filters.parceiro),
    textContains(branches.email, filters.email),
    filters.partnerId === undefined ? undefined : eq(branches.partnerId, filters.partnerId),
  );
}

export async function listBranches(
  db: Database,
  principal: Principal,
  filters: BranchFilters,
  list: ListQuery,
): Promise<ListResult<Branch>> {
  const where = conditions(principal, filters);
  return readList(
    list,
    async (limit, offset) => {
      let query = selectBranches(db)
        .where(where)
        .orderBy(...list.orderBy)
        .offset(offset);
      if (limit !== undefined) query = query.limit(limit);
      return (await query).map(toBranch);
    },
    async () =>
      (await db.select({ total: count() }).from(branches).innerJoin(partners, eq(partners.id, branches.partnerId)).where(where))[0].total,
  );
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

export async function createBranch(db: Database, passwords: PasswordHasher, principal: Principal, values: BranchValues): Promise<Branch> {
  const partnerId = await owningPartner(db, principal, values);
  await ensureEmailFree(db, branches, values.email);
  const passwordHash = await passwords.hash(values.senha!);
  const [created] = await withConstraintAnswers(() =>
    db
      .insert(branches)
      .values({ ...branchFields(values), partnerId, passwordHash, ativo: values.ativo ?? true })
      .returning({ id: branches.id }),
  );
  return readBranch(db, eq(branches.id, created.id));
}

export async function updateBranch(
  db: Database,
  passwords: PasswordHasher,
  principal: Principal,
  id: number,
  values: BranchValues,
): Promise<Branch> {
  const current = await findBranch(db, principal, id);
  const partnerId = await owningPartner(db, principal, values);
  await ensureEmailFree(db, branches, values.email, id);
  const passwordHash = values.senha ? await passwords.hash(values.senha) : undefined;
  const ativo = values.ativo ?? current.ativo;
  const deactivated = current.ativo && !ativo;

  await withConstraintAnswers(() =>
    db.transaction(async (tx) => {
      const scoped = tx as unknown as Database;
      await tx
        .update(branches)
        .set({ ...branchFields(values), partnerId, ativo, ...(passwordHash ? { passwordHash } : {}) })
        .where(eq(branches.id, id));
      // A reseller's partner is always its branch's partner.
      if (partnerId !== current.id_parceiro) await tx.update(resellers).set({ partnerId }).where(eq(resellers.branchId, id));
      if (passwordHash || deactivated) await revokeTokens(scoped, branches, eq(branches.id, id));
      if (deactivated) await revokeTokens(scoped, resellers, eq(resellers.branchId, id));
    }),
  );
  return readBranch(db, eq(branches.id, id));
}

export async function deleteBranch(db: Database, principal: Principal, id: number): Promise<void> {
  await findBranch(db, principal, id);
  const [{ total }] = await db.select({ total: count() }).from(resellers).where(eq(resellers.branchId, id));
  if (total > 0) throw conflict(DELETE_BLOCKED.branchHasResellers);
  await withConstraintAnswers(() => db.delete(branches).where(eq(branches.id, id)), DELETE_BLOCKED.branchHasResellers);
}

/** Rows for the CSV export, in the list's order, read in batches. */
export async function branchExportPage(
  db: Database,
  principal: Principal,
  filters: BranchFilters,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<Branch[]> {
  const rows = await selectBranches(db)
    .where(conditions(principal, filters))
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return rows.map(toBranch);
}
