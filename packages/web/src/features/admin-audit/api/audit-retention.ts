import { useQuery } from '@tanstack/react-query';
import { auditRetention, setAuditRetention } from '@edp/shared/api/console/logs.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery, useChange } from '../../../lib/api-query.ts';

/** The audit log's retention in months (the auditor's setting). */
export function useAuditRetention(enabled: boolean) {
  return useQuery({ ...callQuery(auditRetention), enabled });
}

export function saveAuditRetention(body: BodyOf<typeof setAuditRetention>) {
  return callApi(setAuditRetention, body, { success: true });
}

export function useSaveAuditRetention() {
  return useChange(saveAuditRetention, [auditRetention]);
}
