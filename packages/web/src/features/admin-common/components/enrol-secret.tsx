import type { ReactNode } from 'react';
import { Alert, Button, Modal, Space, Spin, Typography } from 'antd';
import { CopyOutlined, KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { rotateEnrolSecret } from '@edp/shared/api/console/devices.calls';
import { formatTime } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useEnrolSecret, useRotateSecret } from '../api/enrol-secret.ts';
import { useMayCall } from '../lib/admin-user.ts';
import './enrol-secret.css';

interface EnrolSecretProps {
  groupId: string | undefined;
  /** What is shown under the secret once there is one: the commands that use it. */
  children?: (secret: string) => ReactNode;
  /** The level of this section's headings inside its host (a drawer: 2; a card: 3). */
  level: 2 | 3;
}

/**
 * A group's enrolment secret, shared by the device centre's enrol drawer and the installers
 * page: shown with its date, copied, made or rotated after a confirmation (engines already
 * enrolled keep working), then what its host shows with it (the commands, EngineCommands).
 */
export function EnrolSecret({ groupId, children, level }: EnrolSecretProps) {
  const { t } = useTranslation('admin');
  const [modal, holder] = Modal.useModal();
  const canRotate = useMayCall(rotateEnrolSecret);
  const secret = useEnrolSecret(groupId);
  const rotate = useRotateSecret();
  const value = secret.data?.secret ?? null;
  const Heading = level === 2 ? 'h2' : 'h3';

  const copy = (text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => toastSuccess(t('actions.copied')),
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
      {value && children?.(value)}
    </section>
  );
}
