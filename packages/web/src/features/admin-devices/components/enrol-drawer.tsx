import { useState } from 'react';
import { Drawer, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnrolSecret } from '../../admin-common/components/enrol-secret.tsx';
import { EnrolGroupField } from '../../admin-common/components/enrol-group-field.tsx';
import { EngineCommands } from '../../admin-common/components/engine-commands.tsx';

interface EnrolDrawerProps {
  open: boolean;
  defaultGroupId?: string;
  onClose: () => void;
}

/** Enrolling engines: pick a group, then its secret and the commands (EnrolSecret, EngineCommands). */
export function EnrolDrawer({ open, defaultGroupId, onClose }: EnrolDrawerProps) {
  const { t } = useTranslation('adminDevices');
  const { t: ta } = useTranslation('admin');
  const [groupId, setGroupId] = useState<string | undefined>(defaultGroupId);

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
      <EnrolSecret groupId={open ? groupId : undefined} level={2}>
        {(secret) => <EngineCommands secret={secret} title={t('enrol.command')} level={2} />}
      </EnrolSecret>
    </Drawer>
  );
}
