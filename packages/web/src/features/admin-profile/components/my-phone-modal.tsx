import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { PHONE_PATTERN } from '@edp/shared/rules';
import { useUpdateMyPhone } from '../api/update-my-phone.ts';

interface Values {
  password: string;
  phone: string;
}

interface MyPhoneModalProps {
  open: boolean;
  onClose: () => void;
  currentPhone: string | null | undefined;
}

/** Bind or change my phone (/user/update/my-phone): password and a mainland mobile number. */
export function MyPhoneModal({ open, onClose, currentPhone }: MyPhoneModalProps) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const mutation = useUpdateMyPhone();

  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async (values: Values) => {
    await mutation.mutateAsync({ ...values, successText: t('modified') });
    close();
  };

  return (
    <FormModal
      open={open}
      title={t('userMenu.bindPhone')}
      form={form}
      name="my-phone"
      pending={mutation.isPending}
      onCancel={close}
      onSubmit={submit}
      before={
        <p>
          {currentPhone ? t('profile.currentPhone', { phone: currentPhone }) : t('profile.noPhone')}
        </p>
      }
    >
      <Form.Item
        name="password"
        label={t('profile.password')}
        rules={[
          { required: true, message: t('profile.required', { field: t('profile.password') }) },
        ]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('profile.phone')}
        rules={[
          { required: true, message: t('profile.required', { field: t('profile.phone') }) },
          { pattern: PHONE_PATTERN, message: t('phone.invalid') },
        ]}
      >
        <Input autoComplete="tel" inputMode="tel" />
      </Form.Item>
    </FormModal>
  );
}
