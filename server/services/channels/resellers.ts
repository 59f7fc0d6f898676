import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { InferType } from 'yup';
import { DELETE_BLOCKED, type Reseller } from '../../../src/domain/channels';
import type { resellerSchema } from '../../../src/domain/validation/channels';
import type { Database } from '../../db/client';
import { beneficiaries, branches, partners, resellers, sales } from '../../db/schema';
import { conflict, notFound } from '../../lib/httpErrors';
import type { ListQuery } from '../../lib/listQuery';
import { qualified } from '../../lib/qualified';
import { resellerScope } from '../scope';
import type { PasswordHasher } from '../auth/passwords';
import type { Principal } from '../auth/tokens';
import { ensureEmailFree, withConstraintAnswers } from './accountRules';
import { digitsContain, readList, textContains, type ListResult } from './listing';
import { branchScope } from './scope';

export type ResellerValues = InferType<ReturnType<typeof resellerSchema>>;

export interface ResellerFilters {
  nome?: string;
  /** Partner name, contains. */
  parceiro?: string;
  /** Branch title, contains. */
  filial?: string;
  cpf?: string;
}

/*
 * The partner's name and the branch's title are looked up per row rather than joined (PostgreSQL
 * plans joins afresh at every request, bench/README.md); their filters are IN subqueries. Sorting
 * by them looks them up per row too: resellers are a few thousand at most.
 */
const partnerNameOfRow = sql<string>`(select ${qualified(partners.nome)} from ${partners} where ${qualified(partners.id)} = ${qualified(resellers.partnerId)})`;
const branchTitleOfRow = sql<string>`(select ${qualified(branches.titulo)} from ${branches} where ${qualified(branches.id)} = ${qualified(resellers.branchId)})`;

export const RESELLER_SORTS = {
  nome: sql`lower(${resellers.nome})`,
  cpf: resellers.cpf,
  email: sql`lower(${resellers.email})`,
  pix: resellers.pix,
  parceiro: sql`lower(${partnerNameOfRow})`,
  filial: sql`lower(${branchTitleOfRow})`,
  ativo: resellers.ativo,
  data_registro: resellers.dataRegistro,
};
export const RESELLER_DEFAULT_SORT = [asc(sql`lower(${resellers.nome})`), asc(resellers.id)];

const NOT_FOUND = 'Revendedor não encontrado.';

const columns = {
  id: resellers.id,
  partnerId: resellers.partnerId,
  branchId: resellers.branchId,
  nome: resellers.nome,
  cpf: resellers.cpf,
  cargo: resellers.cargo,
  email: resellers.email,
  pix: resellers.pix,
  ativo: resellers.ativo,
  dataRegistro: resellers.dataRegistro,
  partnerName: partnerNameOfRow,
  branchTitle: branchTitleOfRow,
};

interface ResellerRow {
  id: number;
  partnerId: number;
  branchId: number;
  nome: string;
  cpf: string;
  cargo: string | null;
  email: string;
  pix: string | null;
  ativo: boolean;
  dataRegistro: Date;
  partnerName: string;
  branchTitle: string;
}

const toReseller = (row: ResellerRow): Reseller => ({
  id: row.id,
  id_parceiro: row.partnerId,
  id_filial: row.branchId,
  nome: row.nome,
  cpf: row.cpf,
  cargo: row.cargo,
  email: row.email,
  pix: row.pix,
  ativo: row.ativo,
  data_registro: row.dataRegistro.toISOString(),
  parceiro_nome: row.partnerName,
  filial_titulo: row.branchTitle,
});

const selectResellers = (db: Database) => db.select(columns).from(resellers).$dynamic();

function conditions(db: Database, principal: Principal, filters: ResellerFilters): SQL | undefined {
  return and(
    resellerScope(principal),
    textContains(resellers.nome, filters.nome),
    filters.parceiro
      ? inArray(resellers.partnerId, db.select({ id: partners.id }).from(partners).where(textContains(partners.nome, filters.parceiro)))
      : undefined,
    filters.filial
      ? inArray(resellers.branchId, db.select({ id: branches.id }).from(branches).where(textContains(branches.titulo, filters.filial)))
      : undefined,
    digitsContain(resellers.cpf, filters.cpf),
  );
}

export async function listResellers(
  db: Database,
  principal: Principal,
  filters: ResellerFilters,
  list: ListQuery,
): Promise<ListResult<Reseller>> {
  const where = conditions(db, principal, filters);
  return readList(
    list,
    async (limit, offset) => {
      let query = selectResellers(db)
        .where(where)
        .orderBy(...list.orderBy)
        .offset(offset);
      if (limit !== undefined) query = query.limit(limit);
      return (await query).map(toReseller);
    },
    async () => (await db.select({ total: count() }).from(resellers).where(where))[0].total,
  );
}

async function readReseller(db: Database, where: SQL | undefined): Promise<Reseller> {
  const [row] = await selectResellers(db).where(where).limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return toReseller(row);
}

/** One reseller the principal may see; 404 for any other. */
export const findReseller = (db: Database, principal: Principal, id: number) =>
  readReseller(db, and(resellerScope(principal), eq(resellers.id, id)));

/**
 * The branch a reseller goes under: a branch user's own, whatever the body says; otherwise the
 * chosen one, which must be within the principal's scope (404 otherwise, so ids don't leak). The
 * reseller's partner is always that branch's partner.
 */
async function owningBranch(db: Database, principal: Principal, values: ResellerValues) {
  const branchId = principal.type === 'FILIAL' ? principal.branchId! : Number(values.id_filial);
  const [branch] = await db
    .select({ id: branches.id, partnerId: branches.partnerId })
    .from(branches)
    .where(and(branchScope(principal), eq(branches.id, branchId)))
    .limit(1);
  if (!branch) throw notFound('Filial não encontrada.');
  return branch;
}

const resellerFields = (values: ResellerValues) => ({
  nome: values.nome,
  cpf: values.cpf,
  cargo: values.cargo ?? null,
  email: values.email,
  pix: values.pix ?? null,
});

export async function createReseller(
  db: Database,
  passwords: PasswordHasher,
  principal: Principal,
  values: ResellerValues,
): Promise<Reseller> {
  const branch = await owningBranch(db, principal, values);
  await ensureEmailFree(db, resellers, values.email);
  const passwordHash = await passwords.hash(values.senha!);
  const [created] = await withConstraintAnswers(() =>
    db
      .insert(resellers)
      .values({
        ...resellerFields(values),
        branchId: branch.id,
        partnerId: branch.partnerId,
        passwordHash,
        ativo: values.ativo ?? true,
      })
      .returning({ id: resellers.id }),
  );
  return readReseller(db, eq(resellers.id, created.id));
}

export async function updateReseller(
  db: Database,
  passwords: PasswordHasher,
  principal: Principal,
  id: number,
  values: ResellerValues,
): Promise<Reseller> {
  const current = await findReseller(db, principal, id);
  const branch = await owningBranch(db, principal, values);
  await ensureEmailFree(db, resellers, values.email, id);
  const passwordHash = values.senha ? await passwords.hash(values.senha) : undefined;
  const ativo = values.ativo ?? current.ativo;

  await withConstraintAnswers(() =>
    db
      .update(resellers)
      .set({
        ...resellerFields(values),
        branchId: branch.id,
        partnerId: branch.partnerId,
        ativo,
        ...(passwordHash ? { passwordHash } : {}),
        // A new password or an inactivation ends the reseller's open sessions.
        ...(passwordHash || (current.ativo && !ativo) ? { tokenVersion: sql`${resellers.tokenVersion} + 1` } : {}),
      })
      .where(eq(resellers.id, id)),
  );
  return readReseller(db, eq(resellers.id, id));
}

export async function deleteReseller(db: Database, principal: Principal, id: number): Promise<void> {
  await findReseller(db, principal, id);
  const [{ total: salesCount }] = await db.select({ total: count() }).from(sales).where(eq(sales.resellerId, id));
  if (salesCount > 0) throw conflict(DELETE_BLOCKED.resellerHasSales);
  const [{ total: beneficiaryCount }] = await db.select({ total: count() }).from(beneficiaries).where(eq(beneficiaries.resellerId, id));
  if (beneficiaryCount > 0) throw conflict(DELETE_BLOCKED.resellerHasBeneficiaries);
  await withConstraintAnswers(() => db.delete(resellers).where(eq(resellers.id, id)), DELETE_BLOCKED.resellerHasSales);
}

/** Rows for the CSV export, in the list's order, read in batches. */
export async function resellerExportPage(
  db: Database,
  principal: Principal,
  filters: ResellerFilters,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<Reseller[]> {
  const rows = await selectResellers(db)
    .where(conditions(db, principal, filters))
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return rows.map(toReseller);
}
