import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { InferType } from 'yup';
import type { Partner } from '../../../src/domain/channels';
import { DELETE_BLOCKED } from '../../../src/domain/channels';
import type { partnerSchema } from '../../../src/domain/validation/channels';
import { isDataUrl } from '../../../src/domain/imageFiles';
import type { Database } from '../../db/client';
import { branches, partnerLogos, partners, resellers } from '../../db/schema';
import { conflict, notFound } from '../../lib/httpErrors';
import type { ListQuery } from '../../lib/listQuery';
import type { PasswordHasher } from '../auth/passwords';
import type { Principal } from '../auth/tokens';
import { ensureEmailFree, revokeTokens, withConstraintAnswers } from './accountRules';
import { digitsContain, readList, textContains, type ListResult } from './listing';
import { decodeLogo, logoUrl } from './logos';
import { partnerScope } from './scope';

export type PartnerValues = InferType<ReturnType<typeof partnerSchema>>;

export interface PartnerFilters {
  nome?: string;
  cnpj?: string;
  email?: string;
}

export const PARTNER_SORTS = {
  nome: sql`lower(${partners.nome})`,
  cnpj: partners.cnpj,
  email: sql`lower(${partners.email})`,
  ativo: partners.ativo,
  data_registro: partners.dataRegistro,
};
export const PARTNER_DEFAULT_SORT = [asc(sql`lower(${partners.nome})`), asc(partners.id)];

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
});

const selectPartners = (db: Database) =>
  db.select(columns).from(partners).leftJoin(partnerLogos, eq(partnerLogos.partnerId, partners.id)).$dynamic();

function conditions(principal: Principal, filters: PartnerFilters): SQL | undefined {
  return and(
    partnerScope(principal),
    textContains(partners.nome, filters.nome),
    digitsContain(partners.cnpj, filters.cnpj),
    textContains(partners.email, filters.email),
  );
}

export async function listPartners(
  db: Database,
  principal: Principal,
  filters: PartnerFilters,
  list: ListQuery,
): Promise<ListResult<Partner>> {
  const where = conditions(principal, filters);
  return readList(
    list,
    async (limit, offset) => {
      let query = selectPartners(db)
        .where(where)
        .orderBy(...list.orderBy)
        .offset(offset);
      if (limit !== undefined) query = query.limit(limit);
      return (await query).map(toPartner);
    },
    async () => (await db.select({ total: count() }).from(partners).where(where))[0].total,
  );
}

async function readPartner(db: Database, where: SQL | undefined): Promise<Partner> {
  const [row] = await selectPartners(db).where(where).limit(1);
  if (!row) throw notFound('Parceiro não encontrado.');
  return toPartner(row);
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

export async function createPartner(db: Database, passwords: PasswordHasher, values: PartnerValues): Promise<Partner> {
  if (isDataUrl(values.logotipo)) decodeLogo(values.logotipo); // refuse a bad image before anything is written
  await ensureEmailFree(db, partners, values.email);
  const passwordHash = await passwords.hash(values.senha!);
  const id = await withConstraintAnswers(() =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(partners)
        .values({ ...accountFields(values), passwordHash, ativo: values.ativo ?? true })
        .returning({ id: partners.id });
      await saveLogo(tx as unknown as Database, created.id, values.logotipo);
      return created.id;
    }),
  );
  return readPartner(db, eq(partners.id, id));
}

export async function updatePartner(db: Database, passwords: PasswordHasher, id: number, values: PartnerValues): Promise<Partner> {
  const [current] = await db.select({ ativo: partners.ativo }).from(partners).where(eq(partners.id, id)).limit(1);
  if (!current) throw notFound('Parceiro não encontrado.');
  if (isDataUrl(values.logotipo)) decodeLogo(values.logotipo);
  await ensureEmailFree(db, partners, values.email, id);
  const passwordHash = values.senha ? await passwords.hash(values.senha) : undefined;
  const ativo = values.ativo ?? current.ativo;

  await withConstraintAnswers(() =>
    db.transaction(async (tx) => {
      const scoped = tx as unknown as Database;
      await tx
        .update(partners)
        .set({ ...accountFields(values), ativo, ...(passwordHash ? { passwordHash } : {}) })
        .where(eq(partners.id, id));
      await saveLogo(scoped, id, values.logotipo);
      const deactivated = current.ativo && !ativo;
      if (passwordHash || deactivated) await revokeTokens(scoped, partners, eq(partners.id, id));
      if (deactivated) {
        // Everyone beneath the partner loses their sessions now, and stays out after a reactivation.
        await revokeTokens(scoped, branches, eq(branches.partnerId, id));
        await revokeTokens(scoped, resellers, eq(resellers.partnerId, id));
      }
    }),
  );
  return readPartner(db, eq(partners.id, id));
}

export async function deletePartner(db: Database, id: number): Promise<void> {
  const [current] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, id)).limit(1);
  if (!current) throw notFound('Parceiro não encontrado.');
  const [{ total }] = await db.select({ total: count() }).from(branches).where(eq(branches.partnerId, id));
  if (total > 0) throw conflict(DELETE_BLOCKED.partnerHasBranches);
  await withConstraintAnswers(() => db.delete(partners).where(eq(partners.id, id)), DELETE_BLOCKED.partnerHasBranches);
}

/** The logo's bytes for the public logo URL, or undefined. */
export async function readLogo(db: Database, partnerId: number) {
  const [logo] = await db.select().from(partnerLogos).where(eq(partnerLogos.partnerId, partnerId)).limit(1);
  return logo;
}

/** Rows for the CSV export, in the list's order, read in batches. */
export async function partnerExportPage(
  db: Database,
  principal: Principal,
  filters: PartnerFilters,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<Partner[]> {
  const rows = await selectPartners(db)
    .where(conditions(principal, filters))
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return rows.map(toPartner);
}
