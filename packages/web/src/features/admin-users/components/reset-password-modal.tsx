import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TUserItem } from '@edp/shared/contracts/user';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { passwordRules, policyOf, sameAsRule } from '../../admin-common/lib/password-policy.ts';
import { useTenantInfo } from '../../tenant/api/get-tenant-info.ts';
import { useResetUserPassword } from '../api/reset-user-password.ts';

interface Values {
  password: string;
  repeatPassword: string;
}

/** Sets another user's password; they change it at the next login. */
export function ResetPasswordModal({ user, onClose }: { user?: TUserItem; onClose: () => void }) {
  const { t } = useTranslation('adminOrg');
  const { t: ta } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const owner = useTenantInfo();
  const reset = useResetUserPassword();

  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async ({ password }: Values) => {
    if (!user) return;
    await reset.mutateAsync({ id: user.id, password });
    close();
  };

  return (
    <FormModal
      open={!!user}
      title={t('users.resetTitle', { name: user?.name ?? '' })}
      form={form}
      name="reset-password"
      pending={reset.isPending}
      onCancel={close}
      onSubmit={submit}
    >
      <Form.Item
        name="password"
        label={t('users.newPassword')}
        extra={t('users.passwordHint')}
        rules={passwordRules(
          ta,
          policyOf(owner.data?.loginSet.pwdMatch),
          ta('profile.required', { field: t('users.newPassword') }),
        )}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeatPassword"
        label={ta('profile.repeatPassword')}
        dependencies={['password']}
        rules={[
          {
            required: true,
            message: ta('profile.required', { field: ta('profile.repeatPassword') }),
          },
          sameAsRule(ta, 'password'),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
