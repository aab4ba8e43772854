import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { NAME_PATTERN } from '@edp/shared/rules';
import { useUpdateMyInfo } from '../api/update-my-info.ts';

interface MyNameModalProps {
  open: boolean;
  onClose: () => void;
  currentName: string | undefined;
}

/** Change my user name (/user/update/my-info): required, no white space, under 20 characters. */
export function MyNameModal({ open, onClose, currentName }: MyNameModalProps) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ name: string }>();
  const mutation = useUpdateMyInfo();

  useEffect(() => {
    if (open) form.setFieldsValue({ name: currentName ?? '' });
  }, [open, currentName, form]);

  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async ({ name }: { name: string }) => {
    await mutation.mutateAsync({ name, successText: t('modified') });
    close();
  };

  return (
    <FormModal
      open={open}
      title={t('userMenu.changeName')}
      form={form}
      name="my-name"
      pending={mutation.isPending}
      onCancel={close}
      onSubmit={submit}
    >
      <Form.Item
        name="name"
        label={t('profile.name')}
        rules={[
          { required: true, message: t('name.required') },
          { pattern: NAME_PATTERN, message: t('name.invalid') },
        ]}
      >
        <Input autoComplete="name" />
      </Form.Item>
    </FormModal>
  );
}
