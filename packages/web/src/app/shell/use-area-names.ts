import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tenantInfoQuery } from '../../features/tenant/api/get-tenant-info.ts';
import { areaOf } from '../../lib/auth-paths.ts';
import { areaNames, type AreaNames } from './area-names.ts';

/**
 * The names of the current page's area (area-names.ts). The tenant's names are asked for only
 * in the console; a set-up or a change of them refreshes `tenantInfoQuery`, and with it the
 * title, without a reload.
 */
export function useAreaNames(): AreaNames {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation('common');
  const area = areaOf(pathname);
  const tenant = useQuery({ ...tenantInfoQuery, enabled: area === 'admin' });
  const language = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  return areaNames(area, language, tenant.data, t('productShort'));
}
