import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AckPhase } from '@edp/shared/contracts/elevation';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import '../lib/locales.ts';

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
  const { t } = useTranslation('adminElevation');
  return <Tag color={PHASE_COLOURS[phase]}>{t(`phases.${phase}`)}</Tag>;
}
