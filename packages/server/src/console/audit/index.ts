/** The public entry of this module: other modules import only from here. */
export { AUDITED_CALLS, actionLabel, auditActions } from './audit-actions.ts';
export {
  AUDIT_EXPORT_MAX,
  auditQueryService,
  type AuditQueryService,
} from './audit-query-service.ts';
export {
  AUDIT_DETAIL_MAX,
  AUDIT_DEVICES_NAMED,
  AUDIT_TEXT_MAX,
  auditService,
  touchedDevices,
  type AuditService,
  type ChangeSummary,
} from './audit-service.ts';
export { auditRetention } from './audit-retention.ts';
