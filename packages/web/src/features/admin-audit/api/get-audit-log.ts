import { useQuery } from '@tanstack/react-query';
import { auditLog } from '@edp/shared/api/console/audit.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

export function getAuditLog(params: BodyOf<typeof auditLog>) {
  return callApi(auditLog, params);
}

export function useAuditLog(params: BodyOf<typeof auditLog>) {
  return useQuery(callQuery(auditLog, params));
}
