import { useState } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { askRecovery } from '@edp/shared/api/console/keys.calls';
import type { TDeviceEscrow } from '@edp/shared/contracts/keys';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { useAskRecovery } from '../api/keys.ts';
import { EscrowDeviceSelect } from './escrow-device-select.tsx';
import { ProtectFields, toProtect, type ProtectValues } from './protect-fields.tsx';

interface AskValues {
  deviceId: string;
  keyId?: string;
  reason: string;
  deliver: ProtectValues;
}

/**
 * "Ask for recovery" of a device's data key: the device (among the caller's groups), the key
 * (optional: the device's newest), a reason, and what the recovery file is encrypted to. Then
 * `threshold` key managers must each present their share.
 */
export function AskRecoveryModal({
  threshold,
  onClose,
}: {
  threshold: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminKeys');
  const [form] = Form.useForm<AskValues>();
  const ask = useAskRecovery();
  const limits = useFieldLimits(askRecovery);
  const [device, setDevice] = useState<TDeviceEscrow>();
  return (
    <FormModal<AskValues>
      open
      title={t('recovery.askTitle')}
      form={form}
      name="recovery-ask"
      pending={ask.isPending}
      onCancel={onClose}
      onSubmit={async (v) => {
        await ask.mutateAsync({
          deviceId: v.deviceId,
          ...(v.keyId ? { keyId: v.keyId } : {}),
          reason: v.reason.trim(),
          deliver: toProtect(v.deliver),
        });
        toastSuccess(t('recovery.asked', { m: threshold }));
        onClose();
      }}
    >
      <Form.Item
        name="deviceId"
        label={t('recovery.device')}
        rules={[{ required: true, message: t('recovery.deviceRequired') }]}
      >
        <EscrowDeviceSelect
          placeholder={t('recovery.devicePlaceholder')}
          onDevice={(d) => {
            setDevice(d);
            form.setFieldValue('keyId', undefined);
          }}
        />
      </Form.Item>
      <Form.Item name="keyId" label={t('recovery.keyId')} extra={t('recovery.keyIdHelp')}>
        <Select<string>
          allowClear
          placeholder={t('recovery.keyIdNewest')}
          disabled={!device}
          options={(device?.keys ?? []).map((k) => ({ value: k.keyId, label: k.keyId }))}
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('recovery.reason')}
        rules={[
          { required: true, whitespace: true, message: t('recovery.reasonRequired') },
          ...limits('reason'),
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <ProtectFields name="deliver" label={t('recovery.deliver')} />
      <p className="keys-note">{t('recovery.deliverHelp')}</p>
    </FormModal>
  );
}
