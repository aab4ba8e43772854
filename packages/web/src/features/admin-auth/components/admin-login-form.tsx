import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsoleErr } from '@edp/shared/errors/console';
import { PortalErr } from '@edp/shared/errors/portal';
import { ApiError } from '../../../lib/http.ts';
import { adminLogin, type AdminLoginInput } from '../api/admin-login.ts';
import { newCaptchaNonce } from '../../../components/captcha-image.tsx';
import { AdminCaptcha } from './admin-captcha.tsx';
import { LoginCodeField } from './login-code-field.tsx';

interface AdminLoginFormProps {
  /** The tenant turns the captcha on (loginSet.picCodeTag). */
  captcha: boolean;
  /** The tenant asks for an SMS or e-mail login code. */
  code: boolean;
  initial?: Partial<AdminLoginInput>;
  onSignedIn: () => void;
  /** The password expired or was set by an administrator (-10060): change it first. */
  onExpired: (input: AdminLoginInput) => void;
}

/** Account, password, and the captcha and login code when the tenant asks for them. */
export function AdminLoginForm({
  captcha,
  code,
  initial,
  onSignedIn,
  onExpired,
}: AdminLoginFormProps) {
  const { t } = useTranslation('adminAuth');
  const [form] = Form.useForm<AdminLoginInput>();
  const [nonce, setNonce] = useState(newCaptchaNonce);
  const [askCaptcha, setAskCaptcha] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const showCaptcha = captcha || askCaptcha;
  const required = (field: string) => [{ required: true, message: t('login.required', { field }) }];

  const submit = async (values: AdminLoginInput) => {
    setPending(true);
    setError(undefined);
    try {
      await adminLogin(values);
      onSignedIn();
    } catch (e) {
      setPending(false);
      if (!(e instanceof ApiError)) return;
      if (e.errCode === ConsoleErr.PasswordExpired) return onExpired(values);
      // After 5 failures of the account, or 20 from the address, the server asks for a captcha
      // even when the tenant has it off.
      if (e.errCode === PortalErr.CaptchaRequired) setAskCaptcha(true);
      setError(e.msg);
      setNonce(newCaptchaNonce());
      form.setFieldValue('captcha', '');
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      name="admin-login"
      initialValues={initial}
      onFinish={(v) => void submit(v)}
      requiredMark={false}
    >
      {error && (
        <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Form.Item name="account" label={t('login.account')} rules={required(t('login.account'))}>
        <Input size="large" autoComplete="username" placeholder={t('login.accountPlaceholder')} />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={required(t('login.password'))}>
        <Input.Password
          size="large"
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
        />
      </Form.Item>
      {showCaptcha && <AdminCaptcha nonce={nonce} onRefresh={() => setNonce(newCaptchaNonce())} />}
      {code && <LoginCodeField />}
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
