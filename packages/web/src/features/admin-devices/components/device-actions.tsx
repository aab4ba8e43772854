import { useState } from 'react';
import { Button } from 'antd';
import { StopOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deprecateDevices, moveDevices } from '@edp/shared/api/console/devices.calls';
import type { TDeviceDetail } from '@edp/shared/contracts/devices';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { MoveModalOnOpen, useBulkRun } from './bulk-actions.tsx';
import { ReenrolButton } from './reenrol-button.tsx';

const noop = () => {};

/**
 * A running device's own actions on its page: move to another group, allow its re-enrolment
 * (reenrol-button.tsx) and deprecate, with the device centre's preview and confirmation
 * (useBulkRun), the device as a one-id target. Only the actions the user's duty may call are
 * shown; none for a deprecated device.
 */
export function DeviceActions({
  device,
}: {
  device: Pick<TDeviceDetail, 'id' | 'name' | 'status'>;
}) {
  const { t } = useTranslation('adminDevices');
  const mayMove = useMayCall(moveDevices);
  const mayDeprecate = useMayCall(deprecateDevices);
  const [moving, setMoving] = useState(false);
  const [running, setRunning] = useState<'move' | 'deprecate'>();
  const { confirmAndRun, holder, checking } = useBulkRun({ ids: [device.id] }, noop);
  if (device.status !== 'running' || (!mayMove && !mayDeprecate)) return null;
  const run = async (action: 'move' | 'deprecate', groupId?: string) => {
    setRunning(action);
    await confirmAndRun(action, groupId).finally(() => setRunning(undefined));
  };

  return (
    <div className="device-toolbar device-actions" role="group" aria-label={t('detail.actions')}>
      {holder}
      {mayMove && (
        <Button
          icon={<SwapOutlined />}
          loading={checking && running === 'move'}
          onClick={() => setMoving(true)}
        >
          {t('bulk.move')}
        </Button>
      )}
      <ReenrolButton device={device} />
      {mayDeprecate && (
        <Button
          danger
          icon={<StopOutlined />}
          loading={checking && running === 'deprecate'}
          onClick={() => void run('deprecate')}
        >
          {t('bulk.deprecate')}
        </Button>
      )}
      {mayMove && (
        <MoveModalOnOpen
          open={moving}
          pending={checking}
          onCancel={() => setMoving(false)}
          onPick={async (groupId) => {
            setMoving(false);
            await run('move', groupId);
          }}
        />
      )}
    </div>
  );
}
