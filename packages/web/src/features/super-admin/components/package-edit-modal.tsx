import { savePackage } from '@edp/shared/api/portal/vendor.calls';
import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPackage } from '@edp/shared/contracts/vendor';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { showOnField } from '../../../lib/form-refusal.ts';
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
  // The call's own limits: a value out of range is refused with a reason, never clamped or cut.
  const limits = useFieldLimits(savePackage);
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
    } catch (e) {
      showOnField(form, e); // else shown by the HTTP client
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
            ...limits('name'),
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="months"
          label={t('packages.months')}
          rules={[{ required: true, message: t('packages.monthsRequired') }, ...limits('months')]}
        >
          <InputNumber precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
