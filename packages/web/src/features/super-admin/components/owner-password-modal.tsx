import { PortalErr } from '@edp/shared/errors/portal';
import { DEFAULT_PASSWORD_POLICY } from '@edp/shared/rules';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordRules } from '../../../components/password-rules.ts';
import type { OwnerUserRow } from '../api/get-owner-users.ts';
import type { TenantRow } from '../api/get-tenants.ts';
import { useSetOwnerPassword } from '../api/set-owner-password.ts';
import { showServerError } from './server-errors.ts';

interface Values {
  password: string;
  repeatPassword: string;
}

/**
 * A new password for a tenant's user, said first: their sessions end, they must change it at the
 * next sign-in (under the tenant's own password rule then), and both audit logs keep the change.
 */
export function OwnerPasswordModal({
  tenant,
  user,
  onClose,
}: {
  tenant: TenantRow;
  user: OwnerUserRow;
  onClose: () => void;
}) {
  const { t } = useTranslation('vendor');
  const [form] = Form.useForm<Values>();
  const change = useSetOwnerPassword();
  const [min, max] = DEFAULT_PASSWORD_POLICY.range;
  const rules = passwordRules({
    required: t('tenants.required', { field: t('tenants.password') }),
    rule: t('tenants.passwordRule', { min, max }),
    repeatRequired: t('tenants.repeatRequired'),
    mismatch: t('tenants.mismatch'),
  });
  const submit = async ({ password }: Values) => {
    try {
      await change.mutateAsync({
        tenantId: tenant.id,
        id: user.id,
        password,
        successText: t('users.passwordSet', { account: user.account }),
      });
      onClose();
    } catch (error) {
      showServerError(form, error, { [PortalErr.PasswordCommon]: ['password'] });
    }
  };
  return (
    <Modal
      open
      title={t('users.setPasswordTitle', { account: user.account, domain: tenant.domain })}
      okText={t('users.setPassword')}
      okButtonProps={{ danger: true }}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={change.isPending}
    >
      <Alert
        type="warning"
        showIcon
        title={t('users.setPasswordHint', { name: user.name })}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} name="owner-password" layout="vertical" onFinish={submit}>
        <Form.Item name="password" label={t('tenants.password')} rules={rules.password}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeatPassword"
          label={t('repeatPassword')}
          dependencies={['password']}
          rules={rules.repeat}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
