import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { rotateDeviceKeys } from '@edp/shared/api/console/keys.calls';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { useRotateDeviceKeys } from '../api/keys.ts';

/** The names a confirmation lists before "and N more". */
const NAMED = 5;

/**
 * "Rotate data keys" of the devices chosen in the escrow list, with a reason, asked once more
 * in words (docs/keys.md "Rotation": a task makes each engine a new key, escrows it before
 * any file uses it, re-encrypts the protected folders, then drops the old key). `onDone` gets
 * the task's id.
 */
export function RotateKeysModal({
  devices,
  onClose,
  onDone,
}: {
  devices: { id: string; name: string }[];
  onClose: () => void;
  onDone: (taskId: string, count: number) => void;
}) {
  const { t } = useTranslation('adminKeys');
  const [form] = Form.useForm<{ reason: string }>();
  const rotate = useRotateDeviceKeys();
  const limits = useFieldLimits(rotateDeviceKeys);
  const [modal, holder] = Modal.useModal();
  const names =
    devices
      .slice(0, NAMED)
      .map((d) => d.name)
      .join(t('rotateKeys.separator')) +
    (devices.length > NAMED ? t('rotateKeys.more', { n: devices.length - NAMED }) : '');
  return (
    <>
      {holder}
      <FormModal<{ reason: string }>
        open
        title={t('rotateKeys.title')}
        form={form}
        name="rotate-keys"
        pending={rotate.isPending}
        onCancel={onClose}
        before={
          <>
            <p>{t('rotateKeys.intro', { count: devices.length, names })}</p>
            <p className="keys-note">{t('rotateKeys.how')}</p>
          </>
        }
        onSubmit={async (v) => {
          const sure = await modal.confirm({
            title: t('rotateKeys.confirmTitle', { count: devices.length }),
            content: t('rotateKeys.confirmContent', { count: devices.length, names }),
            okText: t('rotateKeys.ok'),
          });
          if (!sure) return;
          const made = await rotate.mutateAsync({
            deviceIds: devices.map((d) => d.id),
            reason: v.reason.trim(),
          });
          onDone(made.id, devices.length);
          onClose();
        }}
      >
        <Form.Item
          name="reason"
          label={t('rotateKeys.reason')}
          rules={[
            { required: true, whitespace: true, message: t('rotateKeys.reasonRequired') },
            ...limits('reason'),
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </FormModal>
    </>
  );
}
