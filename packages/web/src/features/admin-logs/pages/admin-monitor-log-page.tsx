import { useTranslation } from 'react-i18next';
import { LogListPage } from '../components/log-list-page.tsx';

/** The monitoring log: DPI integrity changes and TDE state changes (/admin/logs/monitor). */
export default function AdminMonitorLogPage() {
  const { t } = useTranslation('menu');
  return <LogListPage list="monitor" title={t('adminMonitorLog')} />;
}
