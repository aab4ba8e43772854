import { useTranslation } from 'react-i18next';
import { splitSeconds } from '@edp/shared/ack-window';
import './locales.ts';

/** Seconds as days, hours, minutes and seconds ("1 天 2 小时" / "1 d 2 h"), the parts not zero. */
export function useWindowWords() {
  const { t } = useTranslation('adminElevation');
  return (total: number) => {
    const w = splitSeconds(total);
    const parts = (['days', 'hours', 'minutes', 'seconds'] as const)
      .filter((k) => w[k] > 0)
      .map((k) => t(`window.${k}`, { count: w[k] }));
    return parts.length ? parts.join(t('window.separator')) : t('window.none');
  };
}
