import { useEffect, useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { sendLoginCode } from '../api/send-login-code.ts';

const WAIT_SECONDS = 60;

/** The SMS / e-mail login code with its "send" button (one code a minute, as the server). */
export function LoginCodeField() {
  const { t } = useTranslation('adminAuth');
  const form = Form.useFormInstance<{ account?: string; captcha?: string }>();
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    try {
      await form.validateFields(['account']);
    } catch {
      return;
    }
    setSending(true);
    try {
      await sendLoginCode(form.getFieldValue('account') as string, form.getFieldValue('captcha'));
      setWait(WAIT_SECONDS);
    } catch {
      // toasted by the HTTP client
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item label={t('login.code')} required htmlFor="admin-code">
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name="code"
          noStyle
          rules={[
            { required: true, message: t('login.required', { field: t('login.code') }) },
            { pattern: /^\d{6}$/, message: t('login.codeInvalid') },
          ]}
        >
          <Input
            id="admin-code"
            size="large"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('login.codePlaceholder')}
          />
        </Form.Item>
        <Button size="large" onClick={() => void send()} loading={sending} disabled={wait > 0}>
          {wait > 0 ? t('login.resend', { seconds: wait }) : t('login.sendCode')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
