import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecoveryState, ShareState } from '@edp/shared/contracts/keys';
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

/** A share's state in words, in a dark solid tag (axe's contrast). */
export function ShareTag({ state }: { state: ShareState }) {
  const { t } = useTranslation('adminKeys');
  return <Tag color={SHARE_COLORS[state]}>{t(`shareStates.${state}`)}</Tag>;
}

export function RecoveryTag({ state }: { state: RecoveryState }) {
  const { t } = useTranslation('adminKeys');
  return <Tag color={RECOVERY_COLORS[state]}>{t(`recovery.states.${state}`)}</Tag>;
}
