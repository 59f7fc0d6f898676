import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { UserType } from '../../../src/domain/userTypes';
import type { Database } from '../../db/client';
import { oncePerShape } from '../../db/queryShapes';
import { administrators, branches, endedSessions, partners, resellers } from '../../db/schema';

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
  /** The sessions 'Sair' ended whose tokens have not all expired yet; none read by e-mail (a sign-in starts a session). */
  endedSessions: string[];
}

type AccountFilter = { email: string } | { id: number };

/** The account's key in the query, given on each execution: lower-cased e-mail or id. */
const key = sql.placeholder('key');

function byEmailOrId(table: { email: AnyPgColumn; id: AnyPgColumn }, by: 'email' | 'id') {
  return by === 'email' ? sql`lower(${table.email}) = lower(${key})` : eq(table.id, key);
}

/**
 * The account's sessions that 'Sair' ended and whose tokens could still be alive: the session check
 * (by id) refuses their tokens. Read with the account, so checking a session costs no statement of
 * its own; a sign-in (by e-mail) reads none.
 */
const endedSessionsOf = (by: 'email' | 'id', type: UserType, id: AnyPgColumn) =>
  by === 'email'
    ? sql<string[]>`'{}'::text[]`
    : sql<string[]>`array(select ${endedSessions.sessionId} from ${endedSessions}
    where ${endedSessions.accountType} = ${type} and ${endedSessions.accountId} = ${id} and ${endedSessions.endsAt} > now())`;

/** Each type's account query, by e-mail or by id, prepared once (oncePerShape): the session check runs it on every request. */
const accountQueries = (db: Database, by: 'email' | 'id') => ({
  ADMINISTRADOR: () =>
    oncePerShape(db, `account ADMINISTRADOR by ${by}`, () =>
      db
        .select({ account: administrators, endedSessions: endedSessionsOf(by, 'ADMINISTRADOR', administrators.id) })
        .from(administrators)
        .where(byEmailOrId(administrators, by))
        .limit(1),
    ),
  PARCEIRO: () =>
    oncePerShape(db, `account PARCEIRO by ${by}`, () =>
      db
        .select({ account: partners, endedSessions: endedSessionsOf(by, 'PARCEIRO', partners.id) })
        .from(partners)
        .where(byEmailOrId(partners, by))
        .limit(1),
    ),
  FILIAL: () =>
    oncePerShape(db, `account FILIAL by ${by}`, () =>
      db
        .select({ account: branches, partnerActive: partners.ativo, endedSessions: endedSessionsOf(by, 'FILIAL', branches.id) })
        .from(branches)
        .innerJoin(partners, eq(partners.id, branches.partnerId))
        .where(byEmailOrId(branches, by))
        .limit(1),
    ),
  REVENDEDOR: () =>
    oncePerShape(db, `account REVENDEDOR by ${by}`, () =>
      db
        .select({
          account: resellers,
          branchActive: branches.ativo,
          partnerActive: partners.ativo,
          endedSessions: endedSessionsOf(by, 'REVENDEDOR', resellers.id),
        })
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
      return row && { ...row.account, type, active: row.account.ativo, endedSessions: row.endedSessions };
    }
    case 'PARCEIRO': {
      const [row] = await queries.PARCEIRO().execute(values);
      return row && { ...row.account, type, active: row.account.ativo, partnerId: row.account.id, endedSessions: row.endedSessions };
    }
    case 'FILIAL': {
      const [row] = await queries.FILIAL().execute(values);
      if (!row) return undefined;
      const { account } = row;
      return {
        ...account,
        nome: account.titulo,
        type,
        active: account.ativo && row.partnerActive,
        partnerId: account.partnerId,
        branchId: account.id,
        endedSessions: row.endedSessions,
      };
    }
    case 'REVENDEDOR': {
      const [row] = await queries.REVENDEDOR().execute(values);
      if (!row) return undefined;
      const { account } = row;
      return {
        ...account,
        type,
        active: account.ativo && row.branchActive && row.partnerActive,
        partnerId: account.partnerId,
        branchId: account.branchId,
        endedSessions: row.endedSessions,
      };
    }
  }
}

const tables = { ADMINISTRADOR: administrators, PARCEIRO: partners, FILIAL: branches, REVENDEDOR: resellers } as const;

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
