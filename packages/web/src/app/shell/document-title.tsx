import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_FULL_NAME } from '@edp/shared/constants';
import { useTenantInfo } from '../../features/tenant/api/get-tenant-info.ts';

/** document.title = owner's sysName, else its company, else the default full name (docs/product.md §1). */
export default function DocumentTitle() {
  const { data } = useTenantInfo();
  const { i18n } = useTranslation();
  const language = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const title = data?.sysName || data?.company || DEFAULT_FULL_NAME[language];
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
