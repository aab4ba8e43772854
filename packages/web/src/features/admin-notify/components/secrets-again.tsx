import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { addressMoved } from '@edp/shared/contracts/notify-address';

/**
 * Said before saving: a stored secret does not follow a changed address (scheme, host, port or
 * path), so the server refuses the save until the secrets are typed again (docs/notifications.md).
 * Nothing is shown while the address is the stored one or no secret is stored.
 */
export function SecretsAgain(props: {
  before: string | null | undefined;
  now: string | undefined;
  fields: readonly string[];
}) {
  const { t } = useTranslation('adminNotify');
  const { before, now, fields } = props;
  if (!now || fields.length === 0 || !addressMoved(before, now)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('sms.secretsAgain', { fields: fields.join(', ') })}
    />
  );
}
