import { useEffect } from 'react';
import { AutoComplete, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { addDevice, editDevice } from '@edp/shared/api/console/devices.calls';
import { ENGINE_KINDS } from '@edp/shared/constants';
import type { TDeviceItem } from '@edp/shared/contracts/devices';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { GroupTreeSelect } from '../../admin-common/components/group-tree-select.tsx';
import { useAddDevice, useEditDevice, type DeviceAddInput } from '../api/change-devices.ts';
import { isIp } from '../lib/ip.ts';
import { toastSuccess } from '../../../lib/toast.ts';

interface DeviceFormModalProps {
  open: boolean;
  /** The device to edit (name, remark, group); none: add one. */
  device?: TDeviceItem;
  defaultGroupId?: string;
  onClose: () => void;
}

type Values = Omit<DeviceAddInput, 'port'> & { port?: number | null };

const SYSTEMS = ['Linux', 'Windows', 'macOS'].map((value) => ({ value }));
const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** Add a device before its engine enrols, or edit one's name, remark and group. */
export function DeviceFormModal({ open, device, defaultGroupId, onClose }: DeviceFormModalProps) {
  const { t } = useTranslation('adminDevices');
  const { t: ta } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const add = useAddDevice();
  const edit = useEditDevice();
  const addLimits = useFieldLimits(addDevice);
  const editLimits = useFieldLimits(editDevice);
  const limits = device ? editLimits : addLimits;
  const req = (field: string) => ({ required: true, message: ta('profile.required', { field }) });
  const ipRule = {
    validator: (_: unknown, value: string | null | undefined) =>
      !value?.trim() || isIp(value.trim()) ? Promise.resolve() : Promise.reject(),
    message: t('form.ipInvalid'),
  };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (device)
      form.setFieldsValue({ name: device.name, remark: device.remark, groupId: device.groupId });
    else if (defaultGroupId) form.setFieldsValue({ groupId: defaultGroupId });
  }, [open, device, defaultGroupId, form]);

  const submit = async (values: Values) => {
    if (device) {
      await edit.mutateAsync({
        id: device.id,
        name: values.name,
        remark: values.remark?.trim() ?? '',
        groupId: values.groupId,
      });
      toastSuccess(t('toasts.saved'));
    } else {
      await add.mutateAsync({
        name: values.name,
        groupId: values.groupId,
        kind: values.kind,
        systemType: values.systemType,
        ip: values.ip.trim(),
        number: values.number?.trim() ?? '',
        port: values.port ?? null,
        collectorIp: blankToNull(values.collectorIp),
        qid: values.qid?.trim() ?? '',
        remark: values.remark?.trim() ?? '',
      });
      toastSuccess(t('toasts.added'));
    }
    onClose();
  };

  return (
    <FormModal
      open={open}
      title={device ? t('form.editTitle') : t('form.addTitle')}
      form={form}
      name="device-form"
      pending={add.isPending || edit.isPending}
      onCancel={onClose}
      onSubmit={submit}
      before={device ? undefined : <p>{t('form.addHint')}</p>}
    >
      <Form.Item
        name="name"
        label={t('form.name')}
        rules={[
          req(t('form.name')),
          { whitespace: true, message: ta('profile.required', { field: t('form.name') }) },
          ...limits('name'),
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="groupId"
        label={t('form.group')}
        rules={[{ required: true, message: t('form.selectGroup') }]}
      >
        <GroupTreeSelect />
      </Form.Item>
      {!device && (
        <>
          <Form.Item
            name="kind"
            label={t('form.kind')}
            rules={[{ required: true, message: t('form.selectKind') }]}
          >
            <Select options={ENGINE_KINDS.map((k) => ({ value: k, label: k }))} />
          </Form.Item>
          <Form.Item
            name="systemType"
            label={t('form.systemType')}
            rules={[req(t('form.systemType')), ...limits('systemType')]}
          >
            <AutoComplete options={SYSTEMS} />
          </Form.Item>
          <Form.Item
            name="ip"
            label={t('form.ip')}
            rules={[req(t('form.ip')), ipRule, ...limits('ip')]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="number" label={t('form.number')} rules={limits('number')}>
            <Input />
          </Form.Item>
          <Form.Item name="port" label={t('form.port')} rules={limits('port')}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="collectorIp"
            label={t('form.collectorIp')}
            rules={[ipRule, ...limits('collectorIp')]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="qid" label={t('form.qid')} rules={limits('qid')}>
            <Input />
          </Form.Item>
        </>
      )}
      <Form.Item name="remark" label={t('form.remark')} rules={limits('remark')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
    </FormModal>
  );
}
