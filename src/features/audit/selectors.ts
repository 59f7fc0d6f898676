import { auditSlice } from './auditSlice';

export const { selectAuditListQuery } = auditSlice.selectors;
