import { useState } from 'react';
import { Card, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TInstallerItem } from '@edp/shared/contracts/installers';
import { EnrolSecret } from '../../admin-common/components/enrol-secret.tsx';
import { EnrolGroupField } from '../../admin-common/components/enrol-group-field.tsx';
import { installAndEnrolCommands } from '../lib/installer-file.ts';

/**
 * The download page's enrolment: choose an installer and a group, then the group's secret and
 * the commands that install the file and enrol the engine with it (EnrolSecret).
 */
export function EnrolPanel({ installers }: { installers: TInstallerItem[] }) {
  const { t } = useTranslation('adminInstallers');
  const [installerId, setInstallerId] = useState<string>();
  const [groupId, setGroupId] = useState<string>();
  const installer = installers.find((i) => i.id === installerId) ?? installers[0];

  return (
    <Card
      title={<h2 className="installer-enrol__title">{t('enrol.title')}</h2>}
      style={{ marginTop: 24 }}
    >
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
        <EnrolGroupField
          label={t('enrol.group')}
          placeholder={t('enrol.pickGroup')}
          value={groupId}
          onChange={setGroupId}
        />
      </Form>
      <EnrolSecret
        groupId={groupId}
        commandsOf={(secret) =>
          installer
            ? installAndEnrolCommands(window.location.origin, installer.fileName, secret)
            : null
        }
        commandTitle={t('enrol.command')}
        level={3}
      />
    </Card>
  );
}
