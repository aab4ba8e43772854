import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLoginResult } from '@edp/shared/contracts/login';
import type { PasswordPolicy } from '@edp/shared/rules';
import { PortalErr } from '@edp/shared/errors/portal';
import { ApiError } from '../../../lib/http.ts';
import {
  differsFromRule,
  passwordRules,
  sameAsRule,
} from '../../admin-common/lib/password-policy.ts';
import type { AdminLoginInput } from '../api/admin-login.ts';
import { resetExpiredPwd } from '../api/reset-expired-pwd.ts';
import { newCaptchaNonce } from '../../../components/captcha-image.tsx';
import { AdminCaptcha } from './admin-captcha.tsx';

interface ExpiredPasswordFormProps {
  login: AdminLoginInput;
  policy: PasswordPolicy;
  captcha: boolean;
  /** Called with the new password once the server accepted it. */
  /** After the change; `session` when it signed the user in (no login code required). */
  onChanged: (newPassword: string, session?: TLoginResult) => void;
  onBack: () => void;
}

interface Values {
  newPassword: string;
  repeatPassword: string;
  captcha?: string;
}

/** The forced password change before signing in (/login/n/reset/expire/pwd). */
export function ExpiredPasswordForm({
  login,
  policy,
  captcha,
  onChanged,
  onBack,
}: ExpiredPasswordFormProps) {
  const { t } = useTranslation('adminAuth');
  const { t: ta } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const [nonce, setNonce] = useState(newCaptchaNonce);
  const [askCaptcha, setAskCaptcha] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (values: Values) => {
    setPending(true);
    setError(undefined);
    try {
      const answer = await resetExpiredPwd({
        account: login.account,
        oldPassword: login.password,
        newPassword: values.newPassword,
        captcha: values.captcha,
      });
      onChanged(values.newPassword, answer.login);
    } catch (e) {
      setPending(false);
      if (e instanceof ApiError) setError(e.msg);
      // The server asks for a captcha after failures of the account or from the address, even
      // where the tenant has it off: as on the login form, the field then shows.
      if (e instanceof ApiError && e.errCode === PortalErr.CaptchaRequired) setAskCaptcha(true);
      setNonce(newCaptchaNonce());
      form.setFieldValue('captcha', '');
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      name="expired-password"
      onFinish={(v) => void submit(v)}
      requiredMark={false}
    >
      <Alert type="warning" showIcon title={t('expired.hint')} style={{ marginBottom: 16 }} />
      {error && (
        <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Form.Item
        name="newPassword"
        label={ta('profile.newPassword')}
        rules={[
          ...passwordRules(
            ta,
            policy,
            ta('profile.required', { field: ta('profile.newPassword') }),
          ),
          differsFromRule(ta, () => login.password),
        ]}
      >
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeatPassword"
        label={ta('profile.repeatPassword')}
        dependencies={['newPassword']}
        rules={[
          {
            required: true,
            message: ta('profile.required', { field: ta('profile.repeatPassword') }),
          },
          sameAsRule(ta, 'newPassword'),
        ]}
      >
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      {(captcha || askCaptcha) && (
        <AdminCaptcha nonce={nonce} onRefresh={() => setNonce(newCaptchaNonce())} />
      )}
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {t('expired.submit')}
      </Button>
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        {t('expired.back')}
      </Button>
    </Form>
  );
}
