import { useState } from 'react';
import { Alert, Button, Drawer, Form, Modal, Space, Spin, Typography, message } from 'antd';
import { CopyOutlined, KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format.ts';
import { GroupTreeSelect } from '../../admin-common/components/group-tree-select.tsx';
import { useEnrolSecret, useRotateSecret } from '../api/enrol-secret.ts';

interface EnrolDrawerProps {
  open: boolean;
  canWrite: boolean;
  defaultGroupId?: string;
  onClose: () => void;
}

/** The commands an engine runs to enrol with `secret` on this console, then to run. */
export function enrolCommands(origin: string, secret: string): string {
  return `npx edp-agent enrol --url ${origin} --secret ${secret}\nnpx edp-agent run`;
}

/**
 * Enrolling engines: pick a group, see (or make) its enrolment secret, copy it or the commands,
 * rotate it after a confirmation (engines already enrolled keep working).
 */
export function EnrolDrawer({ open, canWrite, defaultGroupId, onClose }: EnrolDrawerProps) {
  const { t } = useTranslation('adminDevices');
  const { t: ta } = useTranslation('admin');
  const [toast, toastHolder] = message.useMessage();
  const [modal, holder] = Modal.useModal();
  const [groupId, setGroupId] = useState<string | undefined>(defaultGroupId);
  const secret = useEnrolSecret(open ? groupId : undefined);
  const rotate = useRotateSecret();
  const value = secret.data?.secret ?? null;
  const commands = value ? enrolCommands(window.location.origin, value) : '';

  const copy = (text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => void toast.success(t('enrol.copied')),
      () => undefined,
    );

  const replace = async () => {
    if (value) {
      const sure = await modal.confirm({
        title: t('enrol.rotateTitle'),
        content: t('enrol.rotateContent'),
        okText: t('enrol.rotate'),
        cancelText: ta('actions.cancel'),
        okButtonProps: { danger: true },
      });
      if (!sure) return;
    }
    if (groupId) await rotate.mutateAsync(groupId).catch(() => undefined);
  };

  return (
    <Drawer
      open={open}
      title={t('enrol.title')}
      size="large"
      onClose={onClose}
      closable={{ 'aria-label': ta('actions.close') }}
    >
      {holder}
      {toastHolder}
      <p>{t('enrol.intro')}</p>
      <Form layout="vertical">
        <Form.Item label={t('enrol.group')} htmlFor="enrol-group">
          <GroupTreeSelect
            id="enrol-group"
            placeholder={t('enrol.pickGroup')}
            value={groupId ?? null}
            onChange={(id) => setGroupId((id as string | null) ?? undefined)}
          />
        </Form.Item>
      </Form>
      {groupId && secret.isLoading && <Spin />}
      {groupId && secret.isSuccess && (
        <section aria-labelledby="enrol-secret">
          <h2 id="enrol-secret" className="admin-home__duty">
            {t('enrol.secret')}
          </h2>
          {value ? (
            <>
              <pre className="device-command" data-testid="enrol-secret">
                {value}
              </pre>
              <Typography.Paragraph type="secondary">
                {t('enrol.createdAt', { time: formatTime(secret.data?.createdAt) })}
              </Typography.Paragraph>
            </>
          ) : (
            <p>{t('enrol.none')}</p>
          )}
          <Space wrap style={{ marginBottom: 16 }}>
            {value && (
              <Button icon={<CopyOutlined />} onClick={() => copy(value)}>
                {t('enrol.copySecret')}
              </Button>
            )}
            {canWrite && (
              <Button
                icon={value ? <ReloadOutlined /> : <KeyOutlined />}
                type={value ? 'default' : 'primary'}
                danger={!!value}
                loading={rotate.isPending}
                onClick={() => void replace()}
              >
                {value ? t('enrol.rotate') : t('enrol.create')}
              </Button>
            )}
          </Space>
          {!canWrite && <Alert type="info" showIcon title={t('enrol.readOnly')} />}
          {value && (
            <>
              <h2 className="admin-home__duty">{t('enrol.command')}</h2>
              <p>{t('enrol.commandHint')}</p>
              <pre className="device-command" data-testid="enrol-command">
                {commands}
              </pre>
              <Button icon={<CopyOutlined />} onClick={() => copy(commands)}>
                {t('enrol.copyCommand')}
              </Button>
            </>
          )}
        </section>
      )}
    </Drawer>
  );
}
