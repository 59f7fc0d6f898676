import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditEntity } from '../../../src/domain/audit';
import { saoPauloDate } from '../../../src/domain/calendar';
import { isUserType, type UserType } from '../../../src/domain/userTypes';
import type { Database } from '../../db/client';
import { statementOncePerShape } from '../../db/queryShapes';
import { administrators, auditLog, beneficiaries, branches, partners, resellers } from '../../db/schema';
import { isUuid } from '../telemedicine/uuid';

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  /** The record touched; absent for a list export. */
  entityId?: string | number | null;
  /** A short, non-sensitive note (a name, the filters of an export); never a CPF, a password or health data. */
  summary?: string | null;
}

/** Who acts and from where: a signed-in account (its name is read when the row is written) or a system actor. */
export interface AuditActor {
  type: string;
  id: number;
  /** A system actor's name; an account's own is looked up. */
  name?: string;
  ipAddress: string;
}

/** The signed-in account of a request, as services take it to audit their writes in their own transaction. */
export const actorOf = (request: FastifyRequest): AuditActor => ({
  type: request.principal.type,
  id: request.principal.id,
  ipAddress: request.ip,
});

const SUMMARY_MAX = 300;

/** The account's current name, read inside the insert (one round trip). */
function accountNameOf(type: UserType, id: number | Placeholder): SQL {
  switch (type) {
    case 'ADMINISTRADOR':
      return sql`(select ${administrators.nome} from ${administrators} where ${administrators.id} = ${id})`;
    case 'PARCEIRO':
      return sql`(select ${partners.nome} from ${partners} where ${partners.id} = ${id})`;
    case 'FILIAL':
      return sql`(select ${branches.titulo} from ${branches} where ${branches.id} = ${id})`;
    case 'REVENDEDOR':
      return sql`(select ${resellers.nome} from ${resellers} where ${resellers.id} = ${id})`;
  }
}

/** An account's name as a row keeps it: '' once the account is gone. */
const actorNameOf = (type: UserType, id: number | Placeholder): SQL => sql`coalesce(${accountNameOf(type, id)}, '')`;

/** The account whose name a row reads, by its type; none when the actor gives its own ('' for an unknown type). */
const accountOf = (actor: AuditActor): UserType | undefined =>
  actor.name === undefined && isUserType(actor.type) ? actor.type : undefined;

const nameOf = (actor: AuditActor): SQL | string => {
  const account = accountOf(actor);
  return account ? actorNameOf(account, actor.id) : (actor.name ?? '');
};

const summaryOf = (summary: string | null | undefined) => (summary ? summary.slice(0, SUMMARY_MAX) : null);

/**
 * Appends one row to the audit trail. A write passes its own transaction, so the row and the change
 * it records are committed together or not at all (a refused or failed request leaves no row); a
 * read passes the database once the record was found.
 */
export async function recordAudit(db: Database, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorType: actor.type,
    actorId: actor.id,
    actorName: nameOf(actor),
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    summary: summaryOf(entry.summary),
    ipAddress: actor.ipAddress,
  });
}

/** A page's views (recordBeneficiaryViews), for an actor whose name is read from `account`'s or given. */
const viewsStatement = (account: UserType | undefined) => {
  const { placeholder } = sql;
  const name = account ? actorNameOf(account, placeholder('actorId')) : placeholder('actorName');
  return sql`
    insert into ${auditLog} (actor_type, actor_id, actor_name, action, entity, entity_id, summary, ip_address)
    select ${placeholder('actorType')}, ${placeholder('actorId')}, ${name}, 'view', 'beneficiary', ${beneficiaries.uuid}::text, ${placeholder('summary')}, ${placeholder('ipAddress')}
    from ${beneficiaries}
    where ${beneficiaries.uuid} = any(${placeholder('ours')}::uuid[]) or ${beneficiaries.providerUuid} = any(${placeholder('shown')}::text[])`;
};

/**
 * A 'view' row for each beneficiary an answer showed (its CPF, birth date or phone), named by our
 * uuid whether the answer carried ours or the telemedicine provider's: one statement for a whole page,
 * built once per kind of actor (db/queryShapes.ts), its ids two arrays whatever the page's length.
 */
export async function recordBeneficiaryViews(db: Database, actor: AuditActor, shownUuids: string[], summary: string): Promise<void> {
  const shown = [...new Set(shownUuids.filter(Boolean))];
  if (!shown.length) return;
  const account = accountOf(actor);
  await statementOncePerShape(db, `audit: views, actor named by ${account ?? 'itself'}`, () => viewsStatement(account)).execute({
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name ?? '',
    summary: summaryOf(summary),
    ipAddress: actor.ipAddress,
    ours: shown.filter(isUuid).map((uuid) => uuid.toLowerCase()),
    shown,
  });
}

/** Actors of writes made where no account is signed in: a purchase on the public checkout, a gateway webhook. */
export const PUBLIC_CHECKOUT_ACTOR = { type: 'CHECKOUT', id: 0, name: 'Checkout público' };
export const GATEWAY_ACTOR = { type: 'GATEWAY', id: 0, name: 'Gateway de pagamento' };

/** Appends a row for a write made without a signed-in account (a purchase, a webhook). */
export async function recordPublicAudit(
  db: Database,
  entry: AuditEntry & { ipAddress: string },
  actor: Omit<AuditActor, 'ipAddress'> = PUBLIC_CHECKOUT_ACTOR,
): Promise<void> {
  const { ipAddress, ...rest } = entry;
  await recordAudit(db, { ...actor, ipAddress }, rest);
}

/** Filters whose value may be a document number: the summary says one was used, not which. */
const DOCUMENT_FILTER = /cpf|cnpj|busca|search|patient/i;

const filterValue = (value: unknown) => (value instanceof Date ? saoPauloDate(value) : String(value));

/** The filters of a list export, as a summary ('nome=Ana; parceiro=3'); empty values left out. */
export function filtersSummary(filters: object): string | null {
  const parts = Object.entries(filters)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${name}=${DOCUMENT_FILTER.test(name) ? '(informado)' : filterValue(value)}`);
  return parts.length ? `Filtros: ${parts.join('; ')}` : null;
}
