import { MAX_LICENCE_MONTHS, TEXT_MAX } from '@edp/shared/constants';
import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPackage } from '@edp/shared/contracts/vendor';
import { useEditPackage, type PackageInput } from '../api/edit-package.ts';

interface PackageEditModalProps {
  /** The package to edit, `null` to create one, undefined when closed. */
  editing: TPackage | null | undefined;
  onClose: () => void;
}

/** Create or edit a recharge package: a name and the months one code adds (1-120). */
export function PackageEditModal({ editing, onClose }: PackageEditModalProps) {
  const { t } = useTranslation('vendor');
  const [form] = Form.useForm<PackageInput>();
  const mutation = useEditPackage();
  const open = editing !== undefined;

  useEffect(() => {
    if (open) form.setFieldsValue(editing ?? { name: '', months: 12 });
  }, [open, editing, form]);

  const submit = async (values: PackageInput) => {
    try {
      await mutation.mutateAsync({
        id: editing?.id,
        name: values.name.trim(),
        months: values.months,
        successText: t('packages.saved'),
      });
      onClose();
    } catch {
      // Shown by the HTTP client.
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('packages.editTitle') : t('packages.createTitle')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      forceRender
    >
      <Form form={form} name="package" layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('packages.name')}
          rules={[
            { required: true, whitespace: true, message: t('packages.nameRequired') },
            { max: TEXT_MAX.short },
          ]}
        >
          <Input maxLength={TEXT_MAX.short} />
        </Form.Item>
        <Form.Item
          name="months"
          label={t('packages.months')}
          rules={[
            {
              required: true,
              type: 'integer',
              min: 1,
              max: MAX_LICENCE_MONTHS,
              message: t('packages.monthsRequired'),
            },
          ]}
        >
          <InputNumber min={1} max={120} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
