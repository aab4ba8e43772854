import { useState } from 'react';
import { Button, Card, Form, Select, Space, Spin, message } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TInstallerItem } from '@edp/shared/contracts/installers';
import { GroupTreeSelect } from '../../admin-common/components/group-tree-select.tsx';
import { useGroupSecret } from '../api/installers.ts';
import { installAndEnrolCommands } from '../lib/installer-file.ts';

/**
 * The download page's enrolment: choose an installer and a group, see the group's secret and
 * the commands that install the file and enrol the engine with it.
 */
export function EnrolPanel({ installers }: { installers: TInstallerItem[] }) {
  const { t } = useTranslation('adminInstallers');
  const [toast, holder] = message.useMessage();
  const [installerId, setInstallerId] = useState<string>();
  const [groupId, setGroupId] = useState<string>();
  const installer = installers.find((i) => i.id === installerId) ?? installers[0];
  const secret = useGroupSecret(groupId);
  const value = secret.data?.secret ?? null;
  const commands =
    value && installer
      ? installAndEnrolCommands(window.location.origin, installer.fileName, value)
      : '';
  const copy = (text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => void toast.success(t('copied')),
      () => undefined,
    );

  return (
    <Card
      title={<h2 className="installer-enrol__title">{t('enrol.title')}</h2>}
      style={{ marginTop: 24 }}
    >
      {holder}
      <p>{t('enrol.intro')}</p>
      <Form layout="vertical" style={{ maxWidth: 560 }}>
        <Form.Item label={t('enrol.installer')} htmlFor="enrol-installer">
          <Select
            id="enrol-installer"
            placeholder={t('enrol.pickInstaller')}
            value={installer?.id}
            onChange={setInstallerId}
            options={installers.map((i) => ({
              value: i.id,
              label: `${i.name} ${i.version} (${i.kind}, ${i.systemVersion})`,
            }))}
          />
        </Form.Item>
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
      {groupId && secret.isSuccess && !value && <p>{t('enrol.noSecret')}</p>}
      {value && (
        <>
          <h3 className="installer-enrol__title">{t('enrol.secret')}</h3>
          <pre className="installer-command" data-testid="installer-secret">
            {value}
          </pre>
          <Space wrap style={{ marginBottom: 16 }}>
            <Button icon={<CopyOutlined />} onClick={() => copy(value)}>
              {t('enrol.copySecret')}
            </Button>
          </Space>
          {installer && (
            <>
              <h3 className="installer-enrol__title">{t('enrol.command')}</h3>
              <pre className="installer-command" data-testid="installer-command">
                {commands}
              </pre>
              <Button icon={<CopyOutlined />} onClick={() => copy(commands)}>
                {t('enrol.copyCommand')}
              </Button>
            </>
          )}
        </>
      )}
    </Card>
  );
}
