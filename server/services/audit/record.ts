import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditEntity } from '../../../src/domain/audit';
import type { UserType } from '../../../src/domain/userTypes';
import type { Database } from '../../db/client';
import { administrators, auditLog, branches, partners, resellers } from '../../db/schema';

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  /** The record touched; absent for a list export. */
  entityId?: string | number | null;
  /** A short, non-sensitive note (a name, the filters of an export); never a CPF, a password or health data. */
  summary?: string | null;
}

const SUMMARY_MAX = 300;

/** The account's current name, read inside the insert (one round trip). */
function actorNameOf(type: UserType, id: number): SQL {
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

/**
 * Appends one row to the audit trail for the signed-in account of `request`. Routes call it once
 * the action succeeded (after the write, or after the record was found), so a refused or failed
 * request leaves no row.
 */
export async function recordAudit(request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const { type, id } = request.principal;
  await request.server.db.insert(auditLog).values({
    actorType: type,
    actorId: id,
    actorName: sql`coalesce(${actorNameOf(type, id)}, '')`,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    summary: entry.summary ? entry.summary.slice(0, SUMMARY_MAX) : null,
    ipAddress: request.ip,
  });
}

interface SystemActor {
  type: string;
  id: number;
  name: string;
}

/** Actors of writes made where no account is signed in: a purchase on the public checkout, a gateway webhook. */
export const PUBLIC_CHECKOUT_ACTOR: SystemActor = { type: 'CHECKOUT', id: 0, name: 'Checkout público' };
export const GATEWAY_ACTOR: SystemActor = { type: 'GATEWAY', id: 0, name: 'Gateway de pagamento' };

/** Appends a row for a write made without a signed-in account (a purchase, a webhook). */
export async function recordPublicAudit(
  db: Database,
  entry: AuditEntry & { ipAddress: string },
  actor: SystemActor = PUBLIC_CHECKOUT_ACTOR,
): Promise<void> {
  await db.insert(auditLog).values({
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    summary: entry.summary ? entry.summary.slice(0, SUMMARY_MAX) : null,
    ipAddress: entry.ipAddress,
  });
}

/** Filters whose value may be a document number: the summary says one was used, not which. */
const DOCUMENT_FILTER = /cpf|cnpj|busca|search|patient/i;

const filterValue = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));

/** The filters of a list export, as a summary ('nome=Ana; parceiro=3'); empty values left out. */
export function filtersSummary(filters: object): string | null {
  const parts = Object.entries(filters)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${name}=${DOCUMENT_FILTER.test(name) ? '(informado)' : filterValue(value)}`);
  return parts.length ? `Filtros: ${parts.join('; ')}` : null;
}
