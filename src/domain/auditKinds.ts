/** What the audit trail records: its actions and the kinds of record they touch (the API's answers declare them too). */

export const AUDIT_ACTIONS = ['view', 'create', 'update', 'status', 'delete', 'export'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITIES = [
  'beneficiary',
  'professional',
  'appointment',
  'referral',
  'partner',
  'branch',
  'reseller',
  'parameter',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
