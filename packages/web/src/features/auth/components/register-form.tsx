import { registerCompany } from '@edp/shared/api/portal/account.calls';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from 'antd';
// Deep import: the `Input` namespace would also bring TextArea, Search, OTP and Password.
import Input from 'antd/es/input/Input';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PASSWORD_POLICY,
  EMAIL_PATTERN,
  PHONE_PATTERN,
  passwordSatisfies,
} from '@edp/shared/rules';
import { FormField } from '../../../components/form-field.tsx';
import { useLimitError } from '../../../lib/field-limits.ts';
import { refusalOn } from '../../../lib/form-refusal.ts';
import { useTenantInfo } from '../../tenant/api/get-tenant-info.ts';
import { checkEmailQuery } from '../api/check-email.ts';
import { register } from '../api/register.ts';
import { sendEmailCode } from '../api/send-email-code.ts';
import { CaptchaImage, newCaptchaNonce } from './captcha-image.tsx';
import { EmailCodeInput } from './email-code-input.tsx';
import { waitOf } from './code-wait.ts';
import './register-form.css';

interface RegisterValues {
  company: string;
  contact: string;
  phone: string;
  email: string;
  captcha: string;
  code: string;
  password: string;
  repeat: string;
  agree: boolean;
}

type Field = keyof RegisterValues;

const EMPTY: RegisterValues = {
  company: '',
  contact: '',
  phone: '',
  email: '',
  captcha: '',
  code: '',
  password: '',
  repeat: '',
  agree: false,
};
/** In the form's order: the first field in error takes the focus on submit. */
const ORDER: Field[] = [
  'company',
  'contact',
  'phone',
  'email',
  'code',
  'password',
  'repeat',
  'agree',
];
/** The fields the server may name in a refusal (errCode -10001). */
const SENT: readonly string[] = ['company', 'contact', 'phone', 'email', 'code', 'password'];

const idOf = (field: Field) => `register-${field}`;
const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * Company registration (docs/product.md §2 /register): the code is mailed, then the account
 * created. Plain state and FormField rather than antd's Form, which with its validator library
 * and grid made /register's first load 70 KB heavier than /login's (Lighthouse, issue 10). As
 * antd's Form did: a field's errors show once it has been changed (the e-mail's once it has been
 * left too: that is when the address is checked with the server) and every field's after a
 * submit; a refusal the server names a field for shows under it until the field changes.
 */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation('signup');
  const { t: ta } = useTranslation('auth');
  const queryClient = useQueryClient();
  const tooLong = useLimitError(registerCompany);
  const policy = useTenantInfo().data?.loginSet?.pwdMatch ?? DEFAULT_PASSWORD_POLICY;
  const [values, setValues] = useState(EMPTY);
  const [shown, setShown] = useState<ReadonlySet<Field>>(new Set());
  /** Addresses the server said are taken (keyed as it compares them). */
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  const [refused, setRefused] = useState<{ field: string; reason: string }>();
  const [captchaError, setCaptchaError] = useState<string>();
  const [nonce, setNonce] = useState(newCaptchaNonce);
  const [sending, setSending] = useState(false);
  const [pending, setPending] = useState(false);
  const [showPassword, setShowPassword] = useState({ password: false, repeat: false });

  const passwordRule = t('validation.passwordRule', {
    min: policy.range[0],
    max: policy.range[1],
  });
  const satisfies = (value: string) => !value || passwordSatisfies(value, policy);

  /** The field's first error, whether shown or not. */
  function errorOf(field: Field, v: RegisterValues): string | undefined {
    if (refused?.field === field) return refused.reason;
    switch (field) {
      case 'company':
        if (!v.company.trim()) return t('validation.companyRequired');
        return tooLong('company', v.company);
      case 'contact':
        return tooLong('contact', v.contact);
      case 'phone':
        if (v.phone && !PHONE_PATTERN.test(v.phone)) return t('validation.phoneInvalid');
        return tooLong('phone', v.phone);
      case 'email':
        if (!v.email.trim()) return ta('validation.emailRequired');
        if (!EMAIL_PATTERN.test(v.email)) return ta('validation.emailInvalid');
        if (taken.has(emailKey(v.email))) return t('validation.emailExists');
        return undefined;
      case 'code':
        if (!v.code) return t('validation.codeRequired');
        if (!/^\d{6}$/.test(v.code)) return t('validation.codeInvalid');
        return undefined;
      case 'password':
        if (!v.password) return ta('validation.passwordRequired');
        return satisfies(v.password) ? undefined : passwordRule;
      case 'repeat':
        if (!v.repeat) return t('validation.repeatRequired');
        if (v.repeat !== v.password) return t('validation.mismatch');
        return satisfies(v.repeat) ? undefined : passwordRule;
      case 'agree':
        return v.agree ? undefined : t('validation.agreeRequired');
      case 'captcha':
        return captchaError;
    }
  }
  const message = (field: Field) =>
    field === 'captcha' ? captchaError : shown.has(field) ? errorOf(field, values) : undefined;

  const show = (...fields: Field[]) => setShown((s) => new Set([...s, ...fields]));
  const set = (field: Field, value: string | boolean) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (refused?.field === field) setRefused(undefined);
    if (field === 'captcha') setCaptchaError(undefined);
    show(field);
  };
  const text = (field: Field) => ({
    value: values[field] as string,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  /** Asks the server whether the address is taken; a failed check lets it through (the server checks again). */
  const isTaken = async (email: string) => {
    if (!EMAIL_PATTERN.test(email)) return false;
    const answer = await queryClient.fetchQuery(checkEmailQuery(email)).catch(() => null);
    if (answer?.exists) setTaken((s) => new Set([...s, emailKey(email)]));
    return !!answer?.exists;
  };

  /** The captcha is single use: draw a new one after every attempt. */
  const freshCaptcha = () => {
    setNonce(newCaptchaNonce());
    setValues((v) => ({ ...v, captcha: '' }));
  };

  const send = async (): Promise<boolean | number> => {
    const { email, captcha } = values;
    show('email');
    const ok = !errorOf('email', values) && !(await isTaken(email));
    if (!captcha.trim()) {
      setCaptchaError(ta('validation.captchaRequired'));
      return false;
    }
    if (!ok) return false;
    setSending(true);
    try {
      await sendEmailCode({ email, captcha, type: 'register', successText: t('emailCode.sent') });
      return true;
    } catch (e) {
      // The client showed the server's message; a code sent moments ago counts down its wait.
      return waitOf(e) ?? false;
    } finally {
      setSending(false);
      freshCaptcha();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    show(...ORDER);
    const first = ORDER.find((field) => errorOf(field, values));
    if (first) {
      document.getElementById(idOf(first))?.focus();
      return;
    }
    setPending(true);
    try {
      if (await isTaken(values.email)) {
        document.getElementById(idOf('email'))?.focus();
        return;
      }
      await register({ ...values, successText: t('register.success') });
      onRegistered();
    } catch (e) {
      // A refused field is shown under it, any other failure was toasted; the form stays.
      const refusal = refusalOn(e, SENT);
      if (refusal) {
        setRefused(refusal);
        document.getElementById(idOf(refusal.field as Field))?.focus();
      }
    } finally {
      setPending(false);
    }
  };

  const passwordInput = (field: 'password' | 'repeat') => (
    <FormField
      id={idOf(field)}
      label={field === 'password' ? ta('login.password') : t('register.repeatPassword')}
      error={message(field)}
      required
    >
      {(control) => (
        <Input
          {...control}
          {...text(field)}
          type={showPassword[field] ? 'text' : 'password'}
          autoComplete="new-password"
          suffix={
            <button
              type="button"
              className="password-toggle"
              aria-pressed={showPassword[field]}
              onClick={() => setShowPassword((s) => ({ ...s, [field]: !s[field] }))}
            >
              {ta(showPassword[field] ? 'login.hidePassword' : 'login.showPassword')}
            </button>
          }
        />
      )}
    </FormField>
  );

  const newTab: ReactNode = <span className="visually-hidden">{t('register.newTab')}</span>;
  const agreeError = message('agree');

  return (
    <form noValidate onSubmit={submit} aria-label={t('register.submit')}>
      <FormField
        id={idOf('company')}
        label={t('register.company')}
        error={message('company')}
        required
      >
        {(control) => (
          <Input
            {...control}
            {...text('company')}
            autoComplete="organization"
            placeholder={t('register.companyPlaceholder')}
          />
        )}
      </FormField>
      <FormField id={idOf('contact')} label={t('register.contact')} error={message('contact')}>
        {(control) => <Input {...control} {...text('contact')} autoComplete="name" />}
      </FormField>
      <FormField id={idOf('phone')} label={t('register.phone')} error={message('phone')}>
        {(control) => <Input {...control} {...text('phone')} autoComplete="tel" inputMode="tel" />}
      </FormField>
      <FormField id={idOf('email')} label={ta('login.email')} error={message('email')} required>
        {(control) => (
          <Input
            {...control}
            {...text('email')}
            inputMode="email"
            autoComplete="email"
            placeholder={ta('login.emailPlaceholder')}
            onBlur={() => {
              show('email');
              void isTaken(values.email);
            }}
          />
        )}
      </FormField>
      <FormField
        id={idOf('captcha')}
        label={ta('login.captcha')}
        error={message('captcha')}
        required
      >
        {(control) => (
          <div className="captcha-row">
            <Input
              {...control}
              {...text('captcha')}
              autoComplete="off"
              placeholder={ta('login.captchaPlaceholder')}
            />
            <CaptchaImage nonce={nonce} onRefresh={() => setNonce(newCaptchaNonce())} />
          </div>
        )}
      </FormField>
      <FormField id={idOf('code')} label={t('emailCode.label')} error={message('code')} required>
        {(control) => (
          <EmailCodeInput
            {...control}
            value={values.code}
            onChange={(code) => set('code', code)}
            onSend={send}
            sending={sending}
          />
        )}
      </FormField>
      {passwordInput('password')}
      {passwordInput('repeat')}
      <div className={agreeError ? 'form-field form-field--error' : 'form-field'}>
        <label className="register-agree">
          <input
            id={idOf('agree')}
            type="checkbox"
            checked={values.agree}
            onChange={(event) => set('agree', event.target.checked)}
            aria-invalid={!!agreeError}
            aria-describedby={agreeError ? `${idOf('agree')}-error` : undefined}
          />
          <span>
            {t('register.agreePrefix')}{' '}
            <a href="/app-register" target="_blank" rel="noopener">
              {t('register.agreement')}
              {newTab}
            </a>{' '}
            {t('register.and')}{' '}
            <a href="/app-privacy" target="_blank" rel="noopener">
              {t('register.privacy')}
              {newTab}
            </a>
          </span>
        </label>
        {agreeError && (
          <div id={`${idOf('agree')}-error`} className="form-field__error">
            {agreeError}
          </div>
        )}
      </div>
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {t('register.submit')}
      </Button>
    </form>
  );
}
