import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AckPhase } from '@edp/shared/contracts/elevation';
import { splitSeconds } from '@edp/shared/ack-window';
import { TAG } from '../lib/tag-colors.ts';
import '../lib/review-locales.ts';

const PHASE_COLOURS: Record<AckPhase, string> = {
  pending: TAG.gold,
  rejected: TAG.bad,
  expired: TAG.muted,
  withdrawn: TAG.muted,
  approved: TAG.info,
  active: TAG.ok,
  ended: TAG.muted,
};

/** Where a request stands, as a tag in the reader's language. */
export function PhaseTag({ phase }: { phase: AckPhase }) {
  const { t } = useTranslation('adminReview');
  return <Tag color={PHASE_COLOURS[phase]}>{t(`phases.${phase}`)}</Tag>;
}

/** Seconds as days, hours, minutes and seconds ("1 天 2 小时" / "1 d 2 h"), the parts not zero. */
export function useWindowWords() {
  const { t } = useTranslation('adminReview');
  return (total: number) => {
    const w = splitSeconds(total);
    const parts = (['days', 'hours', 'minutes', 'seconds'] as const)
      .filter((k) => w[k] > 0)
      .map((k) => t(`window.${k}`, { count: w[k] }));
    return parts.length ? parts.join(t('window.separator')) : t('window.none');
  };
}
