import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { InferType } from 'yup';
import { DELETE_BLOCKED, type Reseller } from '../../../src/domain/channels';
import type { resellerSchema } from '../../../src/domain/validation/channels';
import { DEFAULT_LIST_ORDERS } from '../../../src/domain/listPages';
import type { Database } from '../../db/client';
import { beneficiaries, branches, partners, paymentAttempts, resellers, sales } from '../../db/schema';
import { conflict, notFound } from '../../lib/httpErrors';
import { orderOfKey, type KeyPart } from '../../lib/keyset';
import { nameOrder } from '../../lib/nameOrder';
import { qualified } from '../../lib/qualified';
import { resellerScope } from '../scope';
import { ensureNewPasswordAllowed } from '../auth/newPasswords';
import type { PasswordHasher } from '../auth/passwords';
import type { Principal } from '../auth/tokens';
import { recordAudit, type AuditActor } from '../audit/record';
import { ensureEmailFree } from './accountRules';
import { ensureNotStale, nextVersion } from '../../lib/recordVersion';
import { branchScope } from './scope';

export type ResellerValues = InferType<ReturnType<typeof resellerSchema>>;

/*
 * The partner's name and the branch's title are looked up per row rather than joined (PostgreSQL
 * plans joins afresh at every request, bench/README.md); their filters are IN subqueries. Sorting
 * by them looks them up per row too: resellers are a few thousand at most.
 */
const partnerNameOfRow = sql<string>`(select ${qualified(partners.nome)} from ${partners} where ${qualified(partners.id)} = ${qualified(resellers.partnerId)})`;
const branchTitleOfRow = sql<string>`(select ${qualified(branches.titulo)} from ${branches} where ${qualified(branches.id)} = ${qualified(resellers.branchId)})`;

export const RESELLER_SORTS = {
  nome: resellers.nomeKey,
  cpf: resellers.cpf,
  email: sql`lower(${resellers.email})`,
  pix: resellers.pix,
  parceiro: nameOrder(partnerNameOfRow),
  filial: nameOrder(branchTitleOfRow),
  ativo: resellers.ativo,
  data_registro: resellers.dataRegistro,
};
/** The list's and the export's order when none is asked for: the unique id last, so an export can resume after a row. */
export const RESELLER_DEFAULT_KEY: KeyPart[] = [
  { column: RESELLER_SORTS[DEFAULT_LIST_ORDERS.resellers.column], direction: DEFAULT_LIST_ORDERS.resellers.direction },
  { column: resellers.id, direction: 'asc' },
];
export const RESELLER_DEFAULT_SORT = orderOfKey(RESELLER_DEFAULT_KEY);

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
  rowVersion: resellers.rowVersion,
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
  rowVersion: number;
  partnerName: string;
  branchTitle: string;
}

export const toReseller = (row: ResellerRow): Reseller => ({
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
  versao: row.rowVersion,
});

/** The resellers' columns, and `extra` ones beside them (an export's key). */
export const selectResellers = <Extra extends Record<string, SQL> = Record<never, never>>(db: Database, extra?: Extra) =>
  db
    .select({ ...columns, ...(extra as Extra) })
    .from(resellers)
    .$dynamic();

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
 * reseller's partner is always that branch's partner, read with the branch locked against a change
 * of its key (FOR KEY SHARE): a move of the branch to another partner in flight is waited for and
 * its new partner read, so the reseller is saved with the partner the branch really has.
 */
async function owningBranch(tx: Database, principal: Principal, values: ResellerValues) {
  const branchId = principal.type === 'FILIAL' ? principal.branchId! : Number(values.id_filial);
  const [branch] = await tx
    .select({ id: branches.id, partnerId: branches.partnerId })
    .from(branches)
    .where(and(branchScope(principal), eq(branches.id, branchId)))
    .for('key share');
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
  actor: AuditActor,
  values: ResellerValues,
): Promise<Reseller> {
  await ensureEmailFree(db, resellers, values.email);
  ensureNewPasswordAllowed(values.senha!, 'senha');
  const passwordHash = await passwords.hash(values.senha!);
  const id = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const branch = await owningBranch(tx, principal, values);
    const [created] = await tx
      .insert(resellers)
      .values({ ...resellerFields(values), branchId: branch.id, partnerId: branch.partnerId, passwordHash, ativo: values.ativo ?? true })
      .returning({ id: resellers.id });
    await recordAudit(tx, actor, { action: 'create', entity: 'reseller', entityId: created.id, summary: values.nome });
    return created.id;
  });
  return readReseller(db, eq(resellers.id, id));
}

/**
 * Saves the edit form. The reseller's row is locked first (within the principal's scope) and `ativo`
 * changes only when the form sends it, so an edit made at the same moment as an inactivation never
 * brings the reseller back. With `versao` (the version the form or the status badge read), a
 * reseller changed since is left as it is (409, recordVersion.ts).
 */
export async function updateReseller(
  db: Database,
  passwords: PasswordHasher,
  principal: Principal,
  actor: AuditActor,
  id: number,
  values: ResellerValues,
): Promise<Reseller> {
  await findReseller(db, principal, id);
  await ensureEmailFree(db, resellers, values.email, id);
  if (values.senha) ensureNewPasswordAllowed(values.senha, 'senha');
  const passwordHash = values.senha ? await passwords.hash(values.senha) : undefined;

  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [current] = await tx
      .select()
      .from(resellers)
      .where(and(resellerScope(principal), eq(resellers.id, id)))
      .for('no key update');
    if (!current) throw notFound(NOT_FOUND);
    const branch = await owningBranch(tx, principal, values);
    ensureNotStale(current, values.versao, { ...resellerFields(values), branchId: branch.id });
    const deactivated = current.ativo && values.ativo === false;
    await tx
      .update(resellers)
      .set({
        ...resellerFields(values),
        branchId: branch.id,
        partnerId: branch.partnerId,
        ...(values.ativo === undefined ? {} : { ativo: values.ativo }),
        ...(passwordHash ? { passwordHash } : {}),
        // A new password or an inactivation ends the reseller's open sessions.
        ...(passwordHash || deactivated ? { tokenVersion: sql`${resellers.tokenVersion} + 1` } : {}),
        rowVersion: nextVersion(resellers),
      })
      .where(eq(resellers.id, id));
    await recordAudit(tx, actor, { action: 'update', entity: 'reseller', entityId: id, summary: values.nome });
  });
  return readReseller(db, eq(resellers.id, id));
}

/**
 * Removes a reseller in scope. What truly blocks it is a sale or a beneficiary of its own, or a
 * payment through its link still in flight (each answers why); attempts that ended without a sale
 * (refused, failed before reaching the gateway, or a Pix code that expired unpaid) only lose their link to it.
 */
export async function deleteReseller(db: Database, principal: Principal, actor: AuditActor, id: number): Promise<void> {
  await findReseller(db, principal, id);
  const [{ total: salesCount }] = await db.select({ total: count() }).from(sales).where(eq(sales.resellerId, id));
  if (salesCount > 0) throw conflict(DELETE_BLOCKED.resellerHasSales);
  const [{ total: beneficiaryCount }] = await db.select({ total: count() }).from(beneficiaries).where(eq(beneficiaries.resellerId, id));
  if (beneficiaryCount > 0) throw conflict(DELETE_BLOCKED.resellerHasBeneficiaries);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await tx
      .update(paymentAttempts)
      .set({ resellerId: null })
      .where(and(eq(paymentAttempts.resellerId, id), inArray(paymentAttempts.status, ['refused', 'failed', 'expired'])));
    // The foreign keys of sales, beneficiaries and pending attempts refuse it if one arrived meanwhile.
    const [removed] = await tx
      .delete(resellers)
      .where(and(resellerScope(principal), eq(resellers.id, id)))
      .returning({ id: resellers.id });
    if (!removed) throw notFound(NOT_FOUND);
    await recordAudit(tx, actor, { action: 'delete', entity: 'reseller', entityId: id });
  });
}
