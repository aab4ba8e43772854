import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IncidentState, RecoveryState, ShareState } from '@edp/shared/contracts/keys';
import { TAG } from '../../admin-common/lib/tag-colors.ts';

const SHARE_COLORS: Record<ShareState, string> = {
  ready: TAG.muted,
  downloaded: TAG.warn,
  confirmed: TAG.ok,
};

const RECOVERY_COLORS: Record<RecoveryState, string> = {
  open: TAG.info,
  completed: TAG.gold,
  delivered: TAG.ok,
  expired: TAG.muted,
  cancelled: TAG.muted,
};

const INCIDENT_COLORS: Record<IncidentState, string> = {
  open: TAG.bad,
  contained: TAG.warn,
  closed: TAG.muted,
};

/** A share's state in words, in a dark solid tag (axe's contrast). */
export function ShareTag({ state }: { state: ShareState }) {
  const { t } = useTranslation('adminKeys');
  return <Tag color={SHARE_COLORS[state]}>{t(`shareStates.${state}`)}</Tag>;
}

export function RecoveryTag({ state }: { state: RecoveryState }) {
  const { t } = useTranslation('adminKeys');
  return <Tag color={RECOVERY_COLORS[state]}>{t(`recovery.states.${state}`)}</Tag>;
}

export function IncidentTag({ state }: { state: IncidentState }) {
  const { t } = useTranslation('adminKeys');
  return <Tag color={INCIDENT_COLORS[state]}>{t(`incident.states.${state}`)}</Tag>;
}
