import { registerCompany } from '@edp/shared/api/portal/account.calls';
import { useState } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN, PHONE_PATTERN } from '@edp/shared/rules';
import { checkEmailQuery } from '../api/check-email.ts';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { showOnField } from '../../../lib/form-refusal.ts';
import { useRegister } from '../api/register.ts';
import { useSendEmailCode } from '../api/send-email-code.ts';
import { CaptchaInput } from './captcha-input.tsx';
import { newCaptchaNonce } from './captcha-image.tsx';
import { EmailCodeInput } from './email-code-input.tsx';
import { useNewPasswordRules } from './use-new-password-rules.ts';
import { waitOf } from './code-wait.ts';

interface RegisterValues {
  company: string;
  contact?: string;
  phone?: string;
  email: string;
  captcha?: string;
  code: string;
  password: string;
  repeat: string;
  agree: boolean;
}

/** Company registration (docs/product.md §2 /register): the code is mailed, then the account created. */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation('signup');
  const { t: ta } = useTranslation('auth');
  const [form] = Form.useForm<RegisterValues>();
  const queryClient = useQueryClient();
  const [nonce, setNonce] = useState(newCaptchaNonce);
  const sendCode = useSendEmailCode();
  const registration = useRegister();
  const passwords = useNewPasswordRules();
  const limits = useFieldLimits(registerCompany);

  const emailRules: FormRule[] = [
    { required: true, whitespace: true, message: ta('validation.emailRequired') },
    { pattern: EMAIL_PATTERN, message: ta('validation.emailInvalid') },
    {
      validateTrigger: 'onBlur',
      validator: async (_, value: string | undefined) => {
        if (!value || !EMAIL_PATTERN.test(value.trim())) return;
        const answer = await queryClient.fetchQuery(checkEmailQuery(value)).catch(() => null);
        if (answer?.exists) throw new Error(t('validation.emailExists'));
      },
    },
  ];

  /** The captcha is single use: draw a new one after every attempt. */
  const freshCaptcha = () => {
    setNonce(newCaptchaNonce());
    form.setFieldValue('captcha', '');
  };

  const send = async (): Promise<boolean | number> => {
    const ok = await form.validateFields(['email']).then(
      () => true,
      () => false,
    );
    const captcha = form.getFieldValue('captcha') as string | undefined;
    if (!captcha?.trim()) {
      form.setFields([{ name: 'captcha', errors: [ta('validation.captchaRequired')] }]);
      return false;
    }
    if (!ok) return false;
    try {
      await sendCode.mutateAsync({
        email: form.getFieldValue('email') as string,
        captcha,
        type: 'register',
        successText: t('emailCode.sent'),
      });
      return true;
    } catch (e) {
      // The client showed the server's message; a code sent moments ago counts down its wait.
      return waitOf(e) ?? false;
    } finally {
      freshCaptcha();
    }
  };

  const submit = async (values: RegisterValues) => {
    try {
      await registration.mutateAsync({ ...values, successText: t('register.success') });
      onRegistered();
    } catch (e) {
      // A refused field is shown under it, any other failure was toasted; the form stays.
      showOnField(form, e);
    }
  };

  return (
    <Form form={form} name="register" layout="vertical" onFinish={submit} requiredMark>
      <Form.Item
        name="company"
        label={t('register.company')}
        rules={[
          { required: true, whitespace: true, message: t('validation.companyRequired') },
          ...limits('company'),
        ]}
      >
        <Input autoComplete="organization" placeholder={t('register.companyPlaceholder')} />
      </Form.Item>
      <Form.Item name="contact" label={t('register.contact')} rules={limits('contact')}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('register.phone')}
        rules={[
          { pattern: PHONE_PATTERN, message: t('validation.phoneInvalid') },
          ...limits('phone'),
        ]}
      >
        <Input autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item
        name="email"
        label={ta('login.email')}
        rules={emailRules}
        validateTrigger={['onChange', 'onBlur']}
        validateDebounce={300}
      >
        <Input inputMode="email" autoComplete="email" placeholder={ta('login.emailPlaceholder')} />
      </Form.Item>
      <Form.Item name="captcha" label={ta('login.captcha')} required>
        <CaptchaInput nonce={nonce} onRefresh={() => setNonce(newCaptchaNonce())} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('emailCode.label')}
        rules={[
          { required: true, message: t('validation.codeRequired') },
          { pattern: /^\d{6}$/, message: t('validation.codeInvalid') },
        ]}
      >
        <EmailCodeInput onSend={send} sending={sendCode.isPending} />
      </Form.Item>
      <Form.Item name="password" label={ta('login.password')} rules={passwords.password}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeat"
        label={t('register.repeatPassword')}
        dependencies={['password']}
        rules={passwords.repeat}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[
          {
            validator: (_, value: boolean | undefined) =>
              value ? Promise.resolve() : Promise.reject(new Error(t('validation.agreeRequired'))),
          },
        ]}
      >
        <Checkbox>
          {t('register.agreePrefix')}{' '}
          <a href="/app-register" target="_blank" rel="noopener">
            {t('register.agreement')}
            <span className="visually-hidden">{t('register.newTab')}</span>
          </a>{' '}
          {t('register.and')}{' '}
          <a href="/app-privacy" target="_blank" rel="noopener">
            {t('register.privacy')}
            <span className="visually-hidden">{t('register.newTab')}</span>
          </a>
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={registration.isPending}>
        {t('register.submit')}
      </Button>
    </Form>
  );
}
