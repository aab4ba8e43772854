import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_FULL_NAME } from '@edp/shared/constants';
import { useOwnerDomain } from '../../features/owner/api/get-owner-domain.ts';

/** document.title = owner's sysName, else its company, else the default full name (SPEC §1). */
export default function DocumentTitle() {
  const { data } = useOwnerDomain();
  const { i18n } = useTranslation();
  const language = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const title = data?.sysName || data?.company || DEFAULT_FULL_NAME[language];
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
