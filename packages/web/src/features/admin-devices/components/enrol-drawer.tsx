import { useState } from 'react';
import { Drawer, Form, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnrolSecretPicker } from '../../admin-common/components/enrol-secret-picker.tsx';
import { EnrolSecretTable } from './enrol-secret-table.tsx';
import { EnrolGroupField } from '../../admin-common/components/enrol-group-field.tsx';
import { EngineCommands } from '../../admin-common/components/engine-commands.tsx';

interface EnrolDrawerProps {
  open: boolean;
  defaultGroupId?: string;
  onClose: () => void;
}

/**
 * Enrolling engines: pick a group; then, under "Enrol", one of its live secrets (or a new named
 * one) and the commands that use it (EnrolSecretPicker, EngineCommands); under "Secrets", the
 * group's secrets, live and revoked, with Revoke (EnrolSecretTable).
 */
export function EnrolDrawer({ open, defaultGroupId, onClose }: EnrolDrawerProps) {
  const { t } = useTranslation('adminDevices');
  const { t: ta } = useTranslation('admin');
  const [groupId, setGroupId] = useState<string | undefined>(defaultGroupId);
  const shown = open ? groupId : undefined;

  return (
    <Drawer
      open={open}
      title={t('enrol.title')}
      size="large"
      onClose={onClose}
      closable={{ 'aria-label': ta('actions.close') }}
    >
      <p>{t('enrol.intro')}</p>
      <Form layout="vertical">
        <EnrolGroupField
          label={t('enrol.group')}
          placeholder={t('enrol.pickGroup')}
          value={groupId}
          onChange={setGroupId}
        />
      </Form>
      {shown && (
        <Tabs
          items={[
            {
              key: 'enrol',
              label: ta('enrolSecret.enrolTab'),
              children: (
                <EnrolSecretPicker groupId={shown} level={2}>
                  {(secret) => (
                    <EngineCommands secret={secret} title={t('enrol.command')} level={2} />
                  )}
                </EnrolSecretPicker>
              ),
            },
            {
              key: 'secrets',
              label: ta('enrolSecret.listTab'),
              children: <EnrolSecretTable groupId={shown} />,
            },
          ]}
        />
      )}
    </Drawer>
  );
}
