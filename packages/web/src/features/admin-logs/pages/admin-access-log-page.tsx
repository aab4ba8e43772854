import { useTranslation } from 'react-i18next';
import { LogListPage } from '../components/log-list-page.tsx';

/** The access-control log: allowed and denied accesses (/admin/logs/access). */
export default function AdminAccessLogPage() {
  const { t } = useTranslation('menu');
  return <LogListPage list="access" title={t('adminAccessLog')} />;
}
