import { useTranslation } from 'react-i18next';
import '../lib/licence-locales.ts';

/**
 * A licence's days left as a reader says them (issue 35: "-49 天" was shown): "365 天", "今天已过期",
 * "已过期 49 天". `days` comes from the shared rule (@edp/shared/licence-days), whether the server
 * counted it or the page did.
 */
export function DaysLeft({ days }: { days: number }) {
  const { t } = useTranslation('adminLicences');
  if (days > 0) return <>{t('days.left', { count: days })}</>;
  if (days === 0) return <>{t('days.expiredToday')}</>;
  return <>{t('days.expired', { count: -days })}</>;
}
