import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import './portal-texts.ts';
import { asLicenceState, LICENCE_STATE_COLOR } from './licence-status.ts';

/** The licence state as a coloured tag (normal, about to expire, expired, unlicensed). */
export function LicenceStatusTag({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('portal');
  const state = asLicenceState(status);
  return (
    <Tag className={`tone-tag tone-tag--${LICENCE_STATE_COLOR[state]}`} variant="outlined">
      {t(`status.${state}`)}
    </Tag>
  );
}
