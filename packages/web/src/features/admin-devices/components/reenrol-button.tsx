import { Button, Modal } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { allowReenrol } from '@edp/shared/api/console/devices.calls';
import type { TDeviceDetail } from '@edp/shared/contracts/devices';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { formatTime } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useAllowReenrol } from '../api/change-devices.ts';

/**
 * "Allow re-enrolment" of a running device (docs/engines.md "Re-enrolment"): an engine that
 * lost its key (a re-imaged machine) cannot prove it is the device's, so the console lets the
 * device's next enrolment in for 24 hours. It hands the device to whichever engine enrols first
 * with its fingerprint, so a confirmation says so before it is done.
 */
export function ReenrolButton({ device }: { device: Pick<TDeviceDetail, 'id' | 'name'> }) {
  const { t } = useTranslation('adminDevices');
  const may = useMayCall(allowReenrol);
  const allow = useAllowReenrol();
  const [modal, holder] = Modal.useModal();
  if (!may) return null;
  const confirm = async () => {
    const sure = await modal.confirm({
      title: t('reenrol.title', { name: device.name }),
      content: t('reenrol.content'),
      okText: t('reenrol.ok'),
      okButtonProps: { danger: true },
    });
    if (!sure) return;
    const { until } = await allow.mutateAsync(device.id);
    toastSuccess(t('reenrol.done', { until: formatTime(until) }));
  };
  return (
    <>
      {holder}
      <Button icon={<KeyOutlined />} loading={allow.isPending} onClick={() => void confirm()}>
        {t('reenrol.button')}
      </Button>
    </>
  );
}
