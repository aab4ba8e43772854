import { Alert, Button, Modal, Space, Spin, Typography, message } from 'antd';
import { CopyOutlined, KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { rotateEnrolSecret } from '@edp/shared/api/console/devices.calls';
import { formatTime } from '../../../lib/format.ts';
import { useEnrolSecret, useRotateSecret } from '../api/enrol-secret.ts';
import { useMayCall } from '../lib/admin-user.ts';
import './enrol-secret.css';

interface EnrolSecretProps {
  groupId: string | undefined;
  /** The commands shown under the secret (enrol, or install and enrol); null shows none. */
  commandsOf: (secret: string) => string | null;
  commandTitle: string;
  commandHint?: string;
  /** The level of this section's headings inside its host (a drawer: 2; a card: 3). */
  level: 2 | 3;
}

/**
 * A group's enrolment secret, shared by the device centre's enrol drawer and the installers
 * page: shown with its date, copied, made or rotated after a confirmation (engines already
 * enrolled keep working), then the commands that use it.
 */
export function EnrolSecret({
  groupId,
  commandsOf,
  commandTitle,
  commandHint,
  level,
}: EnrolSecretProps) {
  const { t } = useTranslation('admin');
  const [toast, toastHolder] = message.useMessage();
  const [modal, holder] = Modal.useModal();
  const canRotate = useMayCall(rotateEnrolSecret);
  const secret = useEnrolSecret(groupId);
  const rotate = useRotateSecret();
  const value = secret.data?.secret ?? null;
  const commands = value ? commandsOf(value) : null;
  const Heading = level === 2 ? 'h2' : 'h3';

  const copy = (text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => void toast.success(t('actions.copied')),
      () => undefined,
    );

  const replace = async () => {
    if (value) {
      const sure = await modal.confirm({
        title: t('enrolSecret.rotateTitle'),
        content: t('enrolSecret.rotateContent'),
        okText: t('enrolSecret.rotate'),
        cancelText: t('actions.cancel'),
        okButtonProps: { danger: true },
      });
      if (!sure) return;
    }
    if (groupId) await rotate.mutateAsync(groupId).catch(() => undefined);
  };

  if (!groupId) return null;
  if (secret.isLoading) return <Spin />;
  if (!secret.isSuccess) return null;
  return (
    <section aria-labelledby="enrol-secret-title">
      {holder}
      {toastHolder}
      <Heading id="enrol-secret-title" className="enrol-secret__title">
        {t('enrolSecret.secret')}
      </Heading>
      {value ? (
        <>
          <pre className="enrol-command" data-testid="enrol-secret">
            {value}
          </pre>
          <Typography.Paragraph type="secondary">
            {t('enrolSecret.createdAt', { time: formatTime(secret.data?.createdAt) })}
          </Typography.Paragraph>
        </>
      ) : (
        <p>{t('enrolSecret.none')}</p>
      )}
      <Space wrap style={{ marginBottom: 16 }}>
        {value && (
          <Button icon={<CopyOutlined />} onClick={() => copy(value)}>
            {t('enrolSecret.copySecret')}
          </Button>
        )}
        {canRotate && (
          <Button
            icon={value ? <ReloadOutlined /> : <KeyOutlined />}
            type={value ? 'default' : 'primary'}
            danger={!!value}
            loading={rotate.isPending}
            onClick={() => void replace()}
          >
            {value ? t('enrolSecret.rotate') : t('enrolSecret.create')}
          </Button>
        )}
      </Space>
      {!canRotate && <Alert type="info" showIcon title={t('enrolSecret.readOnly')} />}
      {commands && (
        <>
          <Heading className="enrol-secret__title">{commandTitle}</Heading>
          {commandHint && <p>{commandHint}</p>}
          <pre className="enrol-command" data-testid="enrol-command">
            {commands}
          </pre>
          <Button icon={<CopyOutlined />} onClick={() => copy(commands)}>
            {t('enrolSecret.copyCommand')}
          </Button>
        </>
      )}
    </section>
  );
}
