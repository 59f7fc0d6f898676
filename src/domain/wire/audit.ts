/** The audit trail as the API answers it ('Auditoria' and a beneficiary's recent history). */
import { Type, type Static } from '@sinclair/typebox';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../auditKinds';
import { Nullable, Timestamp, WireObject } from './answers';

const auditFields = {
  id: Type.Integer(),
  actorType: Type.String({ description: 'ADMINISTRADOR, PARCEIRO, FILIAL, REVENDEDOR, CHECKOUT, GATEWAY or SISTEMA' }),
  action: Type.Union(AUDIT_ACTIONS.map((action) => Type.Literal(action))),
  entity: Type.Union(AUDIT_ENTITIES.map((entity) => Type.Literal(entity))),
  entityId: Nullable(Type.String()),
  summary: Nullable(Type.String()),
  createdAt: Timestamp,
};
const staffIdentity = {
  actorId: Type.Integer(),
  actorName: Type.String(),
  ipAddress: Type.String(),
};

/** One row of the audit trail, with who did it and from where (administrators only). */
export const AuditEntryView = WireObject({ ...auditFields, ...staffIdentity });
export type AuditEntryView = Static<typeof AuditEntryView>;

/**
 * A beneficiary's audit trail: what happened and when, and the kind of account that did it; which
 * staff member (name, account id) and from where (address) only for an administrator.
 */
export const BeneficiaryAuditEntry = WireObject({
  ...auditFields,
  actorId: Type.Optional(staffIdentity.actorId),
  actorName: Type.Optional(staffIdentity.actorName),
  ipAddress: Type.Optional(staffIdentity.ipAddress),
});
export type BeneficiaryAuditEntry = Static<typeof BeneficiaryAuditEntry>;
