import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auditLog } from '@edp/shared/api/console/audit.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi, callKey } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

export function getAuditLog(params: BodyOf<typeof auditLog>) {
  return callApi(auditLog, params);
}

/**
 * A page of the log. Entries come worded in the page's language (actions, duties, fields), so
 * the language is part of the key: switching it reads the page again.
 */
export function useAuditLog(params: BodyOf<typeof auditLog>) {
  const { i18n } = useTranslation();
  return useQuery({
    ...callQuery(auditLog, params),
    queryKey: [...callKey(auditLog, params), i18n.language],
  });
}
