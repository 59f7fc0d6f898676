import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { UserType } from '../../../src/domain/userTypes';
import type { Database } from '../../db/client';
import { oncePerShape } from '../../db/queryShapes';
import { administrators, branches, partners, resellers } from '../../db/schema';

/** An account as sign-in and session checks see it, whatever table it lives in. */
export interface AccountRecord {
  id: number;
  type: UserType;
  nome: string;
  email: string;
  passwordHash: string;
  /** False when the account or any account above it (its branch, its partner) is inactive. */
  active: boolean;
  tokenVersion: number;
  partnerId?: number;
  branchId?: number;
}

type AccountFilter = { email: string } | { id: number };

/** The account's key in the query, given on each execution: lower-cased e-mail or id. */
const key = sql.placeholder('key');

function byEmailOrId(table: { email: AnyPgColumn; id: AnyPgColumn }, by: 'email' | 'id') {
  return by === 'email' ? sql`lower(${table.email}) = lower(${key})` : eq(table.id, key);
}

/** Each type's account query, by e-mail or by id, prepared once (oncePerShape): the session check runs it on every request. */
const accountQueries = (db: Database, by: 'email' | 'id') => ({
  ADMINISTRADOR: () =>
    oncePerShape(db, `account ADMINISTRADOR by ${by}`, () =>
      db.select().from(administrators).where(byEmailOrId(administrators, by)).limit(1),
    ),
  PARCEIRO: () => oncePerShape(db, `account PARCEIRO by ${by}`, () => db.select().from(partners).where(byEmailOrId(partners, by)).limit(1)),
  FILIAL: () =>
    oncePerShape(db, `account FILIAL by ${by}`, () =>
      db
        .select({ branch: branches, partnerActive: partners.ativo })
        .from(branches)
        .innerJoin(partners, eq(partners.id, branches.partnerId))
        .where(byEmailOrId(branches, by))
        .limit(1),
    ),
  REVENDEDOR: () =>
    oncePerShape(db, `account REVENDEDOR by ${by}`, () =>
      db
        .select({ reseller: resellers, branchActive: branches.ativo, partnerActive: partners.ativo })
        .from(resellers)
        .innerJoin(branches, eq(branches.id, resellers.branchId))
        .innerJoin(partners, eq(partners.id, branches.partnerId))
        .where(byEmailOrId(resellers, by))
        .limit(1),
    ),
});

/** Finds an account of one type by e-mail or id, with its effective active state. */
export async function findAccount(db: Database, type: UserType, filter: AccountFilter): Promise<AccountRecord | undefined> {
  const queries = accountQueries(db, 'email' in filter ? 'email' : 'id');
  const values = { key: 'email' in filter ? filter.email : filter.id };
  switch (type) {
    case 'ADMINISTRADOR': {
      const [row] = await queries.ADMINISTRADOR().execute(values);
      return row && { ...row, type, active: row.ativo };
    }
    case 'PARCEIRO': {
      const [row] = await queries.PARCEIRO().execute(values);
      return row && { ...row, type, active: row.ativo, partnerId: row.id };
    }
    case 'FILIAL': {
      const [row] = await queries.FILIAL().execute(values);
      if (!row) return undefined;
      const { branch } = row;
      return {
        ...branch,
        nome: branch.titulo,
        type,
        active: branch.ativo && row.partnerActive,
        partnerId: branch.partnerId,
        branchId: branch.id,
      };
    }
    case 'REVENDEDOR': {
      const [row] = await queries.REVENDEDOR().execute(values);
      if (!row) return undefined;
      const { reseller } = row;
      return {
        ...reseller,
        type,
        active: reseller.ativo && row.branchActive && row.partnerActive,
        partnerId: reseller.partnerId,
        branchId: reseller.branchId,
      };
    }
  }
}

const tables = { ADMINISTRADOR: administrators, PARCEIRO: partners, FILIAL: branches, REVENDEDOR: resellers } as const;

/** Revokes every token of an account issued so far (logout, password change, inactivation). */
export async function bumpTokenVersion(db: Database, type: UserType, id: number): Promise<void> {
  const table = tables[type];
  await db
    .update(table)
    .set({ tokenVersion: sql`${table.tokenVersion} + 1` })
    .where(eq(table.id, id));
}

/**
 * Stores a new hash of the same password (made with today's parameters): sessions stay valid. Only
 * over the hash it replaces: a password changed meanwhile is not overwritten by the old one's.
 */
export async function upgradePasswordHash(db: Database, type: UserType, id: number, from: string, passwordHash: string): Promise<void> {
  const table = tables[type];
  await db
    .update(table)
    .set({ passwordHash })
    .where(and(eq(table.id, id), eq(table.passwordHash, from)));
}

/**
 * Stores a changed password and revokes every token issued before it, if the account's tokens are
 * still those of `tokenVersion` (read with the current password checked): of two changes at once,
 * one wins. Answers the new token version, or null when another change or a sign-out came first.
 */
export async function updatePasswordHash(
  db: Database,
  type: UserType,
  id: number,
  tokenVersion: number,
  passwordHash: string,
): Promise<number | null> {
  const table = tables[type];
  const [changed] = await db
    .update(table)
    .set({ passwordHash, tokenVersion: sql`${table.tokenVersion} + 1` })
    .where(and(eq(table.id, id), eq(table.tokenVersion, tokenVersion)))
    .returning({ tokenVersion: table.tokenVersion });
  return changed?.tokenVersion ?? null;
}
