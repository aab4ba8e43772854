import { useState } from 'react';
import { Drawer, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnrolSecret } from '../../admin-common/components/enrol-secret.tsx';
import { EnrolGroupField } from '../../admin-common/components/enrol-group-field.tsx';

interface EnrolDrawerProps {
  open: boolean;
  defaultGroupId?: string;
  onClose: () => void;
}

/** The commands an engine runs to enrol with `secret` on this console, then to run. */
export function enrolCommands(origin: string, secret: string): string {
  return `npx edp-agent enrol --url ${origin} --secret ${secret}\nnpx edp-agent run`;
}

/** Enrolling engines: pick a group, then its secret and the commands (EnrolSecret). */
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
      <EnrolSecret
        groupId={open ? groupId : undefined}
        commandsOf={(secret) => enrolCommands(window.location.origin, secret)}
        commandTitle={t('enrol.command')}
        commandHint={t('enrol.commandHint')}
        level={2}
      />
    </Drawer>
  );
}
