import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  const client = useQueryClient();

  useEffect(() => {
    if (open) form.setFieldsValue({ name: currentName ?? '' });
  }, [open, currentName, form]);

  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async ({ name }: { name: string }) => {
    await mutation.mutateAsync({ name, successText: t('modified') });
    await client.invalidateQueries({ queryKey: ['admin', 'me'] });
    close();
  };

  return (
    <Modal
      open={open}
      title={t('userMenu.changeName')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        name="my-name"
        onFinish={(v) => submit(v).catch(() => undefined)}
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
      </Form>
    </Modal>
  );
}
