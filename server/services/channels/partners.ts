import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { InferType } from 'yup';
import type { Partner, PartnerOption } from '../../../src/domain/channels';
import { DELETE_BLOCKED } from '../../../src/domain/channels';
import type { partnerSchema } from '../../../src/domain/validation/channels';
import { isDataUrl } from '../../../src/domain/imageFiles';
import { DEFAULT_LIST_ORDERS } from '../../../src/domain/listPages';
import type { Database } from '../../db/client';
import { beneficiaries, branches, partnerLogos, partners, resellers } from '../../db/schema';
import { conflict, notFound } from '../../lib/httpErrors';
import { orderOfKey, type KeyPart, type Keyset, type KeyValues } from '../../lib/keyset';
import type { ListQuery } from '../../lib/listQuery';
import { nameOrder } from '../../lib/nameOrder';
import { conditionsShape, givenValues, placeholdersFor, readPreparedList, type OrPlaceholders } from '../../lib/preparedList';
import { ensureNewPasswordAllowed } from '../auth/newPasswords';
import type { PasswordHasher } from '../auth/passwords';
import type { Principal } from '../auth/tokens';
import { recordAudit, type AuditActor } from '../audit/record';
import { ensureEmailFree, revokeTokens } from './accountRules';
import { documentContains, documentPattern, pageOfList, textContains, textPattern, type ListResult } from './listing';
import { decodeLogo, logoUrl } from './logos';
import { ensureNotStale, nextVersion } from '../../lib/recordVersion';
import { partnerScope, partnerScopeKey, partnerScopeOf } from './scope';

export type PartnerValues = InferType<ReturnType<typeof partnerSchema>>;

export interface PartnerFilters {
  nome?: string;
  cnpj?: string;
  email?: string;
}

export const PARTNER_SORTS = {
  nome: nameOrder(partners.nome),
  cnpj: partners.cnpj,
  email: sql`lower(${partners.email})`,
  ativo: partners.ativo,
  data_registro: partners.dataRegistro,
};
/** The list's and the export's order when none is asked for: the unique id last, so an export can resume after a row. */
export const PARTNER_DEFAULT_KEY: KeyPart[] = [
  { column: PARTNER_SORTS[DEFAULT_LIST_ORDERS.partners.column], direction: DEFAULT_LIST_ORDERS.partners.direction },
  { column: partners.id, direction: 'asc' },
];
export const PARTNER_DEFAULT_SORT = orderOfKey(PARTNER_DEFAULT_KEY);

/** Everything a partner answer needs, without the logo's bytes (only when it last changed). */
const columns = {
  id: partners.id,
  nome: partners.nome,
  cnpj: partners.cnpj,
  email: partners.email,
  agencia: partners.agencia,
  conta: partners.conta,
  digito: partners.digito,
  pix: partners.pix,
  ativo: partners.ativo,
  dataRegistro: partners.dataRegistro,
  rowVersion: partners.rowVersion,
  logoUpdatedAt: partnerLogos.updatedAt,
};
interface PartnerRow {
  id: number;
  nome: string;
  cnpj: string;
  email: string;
  agencia: string | null;
  conta: string | null;
  digito: string | null;
  pix: string | null;
  ativo: boolean;
  dataRegistro: Date;
  rowVersion: number;
  logoUpdatedAt: Date | null;
}

const toPartner = (row: PartnerRow): Partner => ({
  id: row.id,
  nome: row.nome,
  cnpj: row.cnpj,
  email: row.email,
  agencia: row.agencia,
  conta: row.conta,
  digito: row.digito,
  pix: row.pix,
  ativo: row.ativo,
  logotipo: row.logoUpdatedAt ? logoUrl(row.id, row.logoUpdatedAt) : null,
  data_registro: row.dataRegistro.toISOString(),
  versao: row.rowVersion,
});

/** The partners' columns, and `extra` ones beside them (an export's key). */
const selectPartners = <Extra extends Record<string, SQL> = Record<never, never>>(db: Database, extra?: Extra) =>
  db
    .select({ ...columns, ...(extra as Extra) })
    .from(partners)
    .leftJoin(partnerLogos, eq(partnerLogos.partnerId, partners.id))
    .$dynamic();

/** The values of the list's conditions: the principal's scope key and each given filter's pattern. */
const conditionValues = (principal: Principal, filters: PartnerFilters) =>
  givenValues(
    { scope: partnerScopeKey(principal) },
    { nome: textPattern(filters.nome), cnpj: documentPattern(filters.cnpj), email: textPattern(filters.email) },
  );

function conditions(type: Principal['type'], values: OrPlaceholders<ReturnType<typeof conditionValues>>): SQL | undefined {
  return and(
    partnerScopeOf(type, values.scope),
    textContains(partners.nome, values.nome),
    documentContains(partners.cnpj, values.cnpj),
    textContains(partners.email, values.email),
  );
}

/** A page of the partners in scope and their total, each query prepared once per shape (readPreparedList). */
export async function listPartners(
  db: Database,
  principal: Principal,
  filters: PartnerFilters,
  list: ListQuery,
): Promise<ListResult<Partner>> {
  const values = conditionValues(principal, filters);
  const where = () => conditions(principal.type, placeholdersFor(values));
  const { rows, total } = await readPreparedList(
    db,
    conditionsShape(`partners, ${principal.type}`, values),
    values,
    pageOfList(list),
    PARTNER_DEFAULT_KEY,
    {
      rows: (orderBy, { limit, offset }) =>
        selectPartners(db)
          .where(where())
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      count: () => db.select({ total: count() }).from(partners).where(where()),
    },
  );
  return { items: rows.map(toPartner), total };
}

async function readPartner(db: Database, where: SQL | undefined): Promise<Partner> {
  const [row] = await selectPartners(db).where(where).limit(1);
  if (!row) throw notFound('Parceiro não encontrado.');
  return toPartner(row);
}

/** Every partner the principal may see, by name, as the forms' partner picker shows them. */
export function partnerOptions(db: Database, principal: Principal): Promise<PartnerOption[]> {
  return db
    .select({ id: partners.id, nome: partners.nome, ativo: partners.ativo })
    .from(partners)
    .where(partnerScope(principal))
    .orderBy(asc(nameOrder(partners.nome)), asc(partners.id));
}

/** One partner the principal may see; 404 for any other. */
export const findPartner = (db: Database, principal: Principal, id: number) =>
  readPartner(db, and(partnerScope(principal), eq(partners.id, id)));

/** A new logo (data URL) is stored, null removes it, anything else (the logo's own URL) keeps it. */
async function saveLogo(db: Database, partnerId: number, logotipo: string | null | undefined): Promise<void> {
  if (logotipo === null) {
    await db.delete(partnerLogos).where(eq(partnerLogos.partnerId, partnerId));
  } else if (isDataUrl(logotipo)) {
    const { mimeType, content } = decodeLogo(logotipo);
    const updatedAt = new Date();
    await db
      .insert(partnerLogos)
      .values({ partnerId, mimeType, content, updatedAt })
      .onConflictDoUpdate({ target: partnerLogos.partnerId, set: { mimeType, content, updatedAt } });
  }
}

const accountFields = (values: PartnerValues) => ({
  nome: values.nome,
  cnpj: values.cnpj,
  email: values.email,
  agencia: values.agencia ?? null,
  conta: values.conta ?? null,
  digito: values.digito ?? null,
  pix: values.pix ?? null,
});

export async function createPartner(db: Database, passwords: PasswordHasher, actor: AuditActor, values: PartnerValues): Promise<Partner> {
  if (isDataUrl(values.logotipo)) decodeLogo(values.logotipo); // refuse a bad image before anything is written
  await ensureEmailFree(db, partners, values.email);
  ensureNewPasswordAllowed(values.senha!, 'senha');
  const passwordHash = await passwords.hash(values.senha!);
  const id = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [created] = await tx
      .insert(partners)
      .values({ ...accountFields(values), passwordHash, ativo: values.ativo ?? true })
      .returning({ id: partners.id });
    await saveLogo(tx, created.id, values.logotipo);
    await recordAudit(tx, actor, { action: 'create', entity: 'partner', entityId: created.id, summary: values.nome });
    return created.id;
  });
  return readPartner(db, eq(partners.id, id));
}

/**
 * Saves the edit form. The partner's row is locked first and `ativo` changes only when the form
 * sends it, so an edit made at the same moment as an inactivation never brings the partner back.
 * With `versao` (the version the form or the status badge read), an update that would write over a
 * change made since is refused (409, recordVersion.ts).
 */
export async function updatePartner(
  db: Database,
  passwords: PasswordHasher,
  actor: AuditActor,
  id: number,
  values: PartnerValues,
): Promise<Partner> {
  if (isDataUrl(values.logotipo)) decodeLogo(values.logotipo);
  // A partner that does not exist is 'não encontrado', whatever else its values would be refused for.
  const [exists] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, id));
  if (!exists) throw notFound('Parceiro não encontrado.');
  await ensureEmailFree(db, partners, values.email, id);
  if (values.senha) ensureNewPasswordAllowed(values.senha, 'senha');
  const passwordHash = values.senha ? await passwords.hash(values.senha) : undefined;

  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [current] = await tx.select().from(partners).where(eq(partners.id, id)).for('no key update');
    if (!current) throw notFound('Parceiro não encontrado.');
    ensureNotStale(current, values.versao, accountFields(values));
    await tx
      .update(partners)
      .set({
        ...accountFields(values),
        ...(values.ativo === undefined ? {} : { ativo: values.ativo }),
        ...(passwordHash ? { passwordHash } : {}),
        rowVersion: nextVersion(partners),
      })
      .where(eq(partners.id, id));
    await saveLogo(tx, id, values.logotipo);
    const deactivated = current.ativo && values.ativo === false;
    if (passwordHash || deactivated) await revokeTokens(tx, partners, eq(partners.id, id));
    if (deactivated) {
      // Everyone beneath the partner loses their sessions now, and stays out after a reactivation.
      await revokeTokens(tx, branches, eq(branches.partnerId, id));
      await revokeTokens(tx, resellers, eq(resellers.partnerId, id));
    }
    await recordAudit(tx, actor, { action: 'update', entity: 'partner', entityId: id, summary: values.nome });
  });
  return readPartner(db, eq(partners.id, id));
}

/**
 * Removes a partner that has no branches and owns no beneficiaries. The checks give the friendly
 * message; the foreign keys refuse one that gained either meanwhile (constraintAnswers.ts).
 */
export async function deletePartner(db: Database, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [withBranch] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.partnerId, id)).limit(1);
    if (withBranch) throw conflict(DELETE_BLOCKED.partnerHasBranches);
    const [owned] = await tx.select({ id: beneficiaries.id }).from(beneficiaries).where(eq(beneficiaries.partnerId, id)).limit(1);
    if (owned) throw conflict(DELETE_BLOCKED.partnerHasBeneficiaries);
    const [removed] = await tx.delete(partners).where(eq(partners.id, id)).returning({ id: partners.id });
    if (!removed) throw notFound('Parceiro não encontrado.');
    await recordAudit(tx, actor, { action: 'delete', entity: 'partner', entityId: id });
  });
}

/** The logo's bytes for the public logo URL, or undefined. */
export async function readLogo(db: Database, partnerId: number) {
  const [logo] = await db.select().from(partnerLogos).where(eq(partnerLogos.partnerId, partnerId)).limit(1);
  return logo;
}

/** A batch of the CSV export in the list's order, after the row whose key is `after` (see keyset). */
export async function partnerExportBatch(
  db: Database,
  principal: Principal,
  filters: PartnerFilters,
  key: Keyset,
  limit: number,
  after: KeyValues | undefined,
): Promise<(Partner & { keyset: KeyValues })[]> {
  const rows = await selectPartners(db, { keyset: key.field })
    .where(and(conditions(principal.type, conditionValues(principal, filters)), key.after(after)))
    .orderBy(...key.orderBy)
    .limit(limit);
  return rows.map((row) => ({ ...toPartner(row), keyset: row.keyset }));
}
