import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { withdrawAck } from '@edp/shared/api/console/ack.calls';
import type { TAckItem } from '@edp/shared/contracts/elevation';
import { toastSuccess } from '../../../lib/toast.ts';
import { useWithdraw } from '../api/elevation.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import '../../admin-common/lib/admin-locales.ts';
import '../lib/locales.ts';

/**
 * Withdraws one's pending request, after a confirmation (issue 35 point 2): a request that nobody
 * may review (its auditor barred by a proxy the asker held when asking) would otherwise stand
 * until it expires and keep the device from being asked for again.
 */
export function WithdrawRequest({ item, device }: { item: TAckItem; device: string }) {
  const { t } = useTranslation('adminElevation');
  const { t: ta } = useTranslation('admin');
  const withdraw = useWithdraw();
  const [modal, holder] = Modal.useModal();
  // A role that may only read would be refused: no button rather than a refusal.
  const may = useMayCall(withdrawAck);
  const go = async () => {
    const sure = await modal.confirm({
      title: t('device.withdrawTitle'),
      content: t('device.withdrawContent'),
      okText: t('device.withdraw'),
      cancelText: ta('actions.cancel'),
      okButtonProps: { danger: true },
    });
    if (!sure) return;
    await withdraw.mutateAsync(item.id).then(
      () => toastSuccess(t('device.withdrawn')),
      () => undefined,
    );
  };
  if (!may) return null;
  return (
    <>
      {holder}
      <Button
        type="link"
        size="small"
        danger
        loading={withdraw.isPending}
        aria-label={t('device.withdrawOf', { device })}
        onClick={() => void go()}
      >
        {t('device.withdraw')}
      </Button>
    </>
  );
}
