import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TList } from '@edp/shared/contracts/common';
import type { TAuditItem } from '@edp/shared/contracts/owner-admin';
import { post } from '../../../lib/http.ts';
import type { AuditFilter } from '../lib/audit-filter.ts';

export const AUDIT_LOG_PATH = '/owner/l/log';

export function getAuditLog(params: AuditFilter & { page: number; pageSize: number }) {
  return post<TList<TAuditItem>>(AUDIT_LOG_PATH, params);
}

export function useAuditLog(params: AuditFilter & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: ['admin', 'audit', params],
    queryFn: () => getAuditLog(params),
    placeholderData: keepPreviousData,
  });
}
