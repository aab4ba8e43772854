import { useState } from 'react';
import { Card, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TInstallerItem } from '@edp/shared/contracts/installers';
import { EnrolSecretPicker } from '../../admin-common/components/enrol-secret-picker.tsx';
import { EnrolGroupField } from '../../admin-common/components/enrol-group-field.tsx';
import { EngineCommands } from '../../admin-common/components/engine-commands.tsx';
import { checkAndInstallCommands } from '../lib/installer-file.ts';

/**
 * The download page's enrolment: choose an installer and a group, then where the installer
 * comes from and the commands that check and install it, the secret chosen or made (EnrolSecretPicker), and
 * the commands that get this console's engine and enrol it with that secret (EngineCommands).
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
      {installer && (
        <section aria-labelledby="installer-install-title">
          <h3 id="installer-install-title" className="installer-enrol__step">
            {t('enrol.install')}
          </h3>
          <p>{t('enrol.whereToGet', { file: installer.fileName })}</p>
          <pre className="enrol-command" data-testid="install-command">
            {checkAndInstallCommands(installer.fileName, installer.sha256)}
          </pre>
        </section>
      )}
      <EnrolSecretPicker groupId={groupId} level={3}>
        {(secret) => (
          <EngineCommands
            secret={secret}
            kind={installer?.kind}
            title={t('enrol.command')}
            level={3}
          />
        )}
      </EnrolSecretPicker>
    </Card>
  );
}
