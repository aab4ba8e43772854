import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auditActionList } from '@edp/shared/api/console/audit.calls';
import { callApi, callKey } from '../../../lib/api.ts';

/** The action filter's choices, labelled in the page's language (fixed while the server runs). */
export function useAuditActions() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...callKey(auditActionList), i18n.language],
    queryFn: ({ signal }) => callApi(auditActionList, {}, { signal }),
    staleTime: Infinity,
  });
}
