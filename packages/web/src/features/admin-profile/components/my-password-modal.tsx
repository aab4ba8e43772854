import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { useTenantInfo } from '../../tenant/api/get-tenant-info.ts';
import {
  differsFromRule,
  passwordRules,
  policyOf,
  sameAsRule,
} from '../../admin-common/lib/password-policy.ts';
import { useUpdateMyPwd } from '../api/update-my-pwd.ts';

interface Values {
  oldPassword: string;
  newPassword: string;
  repeatPassword: string;
}

/** Change my password (/user/update/my-pwd); the rule comes from the tenant's loginSet. */
export function MyPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const owner = useTenantInfo();
  const policy = policyOf(owner.data?.loginSet.pwdMatch);
  const mutation = useUpdateMyPwd();
  const required = (field: string) => t('profile.required', { field });

  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async ({ oldPassword, newPassword }: Values) => {
    await mutation.mutateAsync({ oldPassword, newPassword, successText: t('modified') });
    close();
  };

  return (
    <FormModal
      open={open}
      title={t('userMenu.changePassword')}
      form={form}
      name="my-password"
      pending={mutation.isPending}
      onCancel={close}
      onSubmit={submit}
    >
      <Form.Item
        name="oldPassword"
        label={t('profile.oldPassword')}
        rules={[{ required: true, message: required(t('profile.oldPassword')) }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('profile.newPassword')}
        dependencies={['oldPassword']}
        rules={[
          ...passwordRules(t, policy, required(t('profile.newPassword'))),
          differsFromRule(t, () => form.getFieldValue('oldPassword') as string | undefined),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeatPassword"
        label={t('profile.repeatPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: required(t('profile.repeatPassword')) },
          sameAsRule(t, 'newPassword'),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
