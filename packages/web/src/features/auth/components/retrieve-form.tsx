import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN } from '@edp/shared/rules';
import { useResetPassword } from '../api/reset-password.ts';
import { useSendResetCode } from '../api/send-reset-code.ts';
import { CaptchaInput } from './captcha-input.tsx';
import { newCaptchaNonce } from './captcha-image.tsx';
import { useNewPasswordRules } from './use-new-password-rules.ts';
import { waitOf } from './code-wait.ts';

interface EmailStep {
  email: string;
  captcha: string;
}
interface ResetStep {
  code: string;
  password: string;
  repeat: string;
}

/**
 * Password retrieval in two steps (docs/product.md §2 /retrieve): e-mail and captcha ask for a code,
 * then the code and the new password twice reset it.
 */
export function RetrieveForm({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation('signup');
  const { t: ta } = useTranslation('auth');
  const [emailForm] = Form.useForm<EmailStep>();
  const [resetForm] = Form.useForm<ResetStep>();
  const [nonce, setNonce] = useState(newCaptchaNonce);
  const [email, setEmail] = useState<string>();
  const sendCode = useSendResetCode();
  const reset = useResetPassword();
  const passwords = useNewPasswordRules();

  const requestCode = async ({ email: address, captcha }: EmailStep) => {
    try {
      await sendCode.mutateAsync({ email: address, captcha, successText: t('retrieve.codeSent') });
      setEmail(address.trim());
    } catch (e) {
      // The server's message is shown. A code went out moments ago: it can be entered now.
      if (waitOf(e) !== undefined) setEmail(address.trim());
    } finally {
      setNonce(newCaptchaNonce()); // single use
      emailForm.setFieldValue('captcha', '');
    }
  };

  const submit = async ({ code, password }: ResetStep) => {
    if (!email) return;
    try {
      await reset.mutateAsync({ email, code, password, successText: t('retrieve.success') });
      onReset();
    } catch {
      // The server's message is shown; the code may be retyped.
    }
  };

  if (!email) {
    return (
      <Form form={emailForm} name="retrieve-email" layout="vertical" onFinish={requestCode}>
        <Form.Item
          name="email"
          label={ta('login.email')}
          rules={[
            { required: true, whitespace: true, message: ta('validation.emailRequired') },
            { pattern: EMAIL_PATTERN, message: ta('validation.emailInvalid') },
          ]}
        >
          <Input
            inputMode="email"
            autoComplete="email"
            placeholder={ta('login.emailPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="captcha"
          label={ta('login.captcha')}
          rules={[{ required: true, whitespace: true, message: ta('validation.captchaRequired') }]}
        >
          <CaptchaInput nonce={nonce} onRefresh={() => setNonce(newCaptchaNonce())} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={sendCode.isPending}>
          {t('emailCode.send')}
        </Button>
      </Form>
    );
  }

  return (
    <Form form={resetForm} name="retrieve-reset" layout="vertical" onFinish={submit}>
      <Alert type="info" showIcon title={t('retrieve.codeFor', { email })} className="form-note" />
      <Form.Item
        name="code"
        label={t('emailCode.label')}
        rules={[
          { required: true, message: t('validation.codeRequired') },
          { pattern: /^\d{6}$/, message: t('validation.codeInvalid') },
        ]}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
      </Form.Item>
      <Form.Item name="password" label={t('retrieve.newPassword')} rules={passwords.password}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeat"
        label={t('retrieve.repeatPassword')}
        dependencies={['password']}
        rules={passwords.repeat}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
        {t('retrieve.submit')}
      </Button>
      <Button type="link" block onClick={() => setEmail(undefined)}>
        {t('retrieve.changeEmail')}
      </Button>
    </Form>
  );
}
