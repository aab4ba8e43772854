import { useState, type FormEvent } from 'react';
import { Button } from 'antd';
// Deep imports: the `Input` namespace would also bring TextArea, Search and OTP to /login.
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { login, type LoginInput } from '../api/login.ts';
import { CaptchaImage, newCaptchaNonce } from './captcha-image.tsx';
import { validateLogin } from './login-validation.ts';

interface LoginFormProps {
  onSignedIn: () => void;
}

const EMPTY: LoginInput = { email: '', password: '', captcha: '' };
const ORDER: (keyof LoginInput)[] = ['email', 'password', 'captcha'];

/** E-mail, password and captcha; the password is hashed before it leaves (login.ts). */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState(EMPTY);
  // Errors show after the first submit attempt, then follow the typing.
  const [submitted, setSubmitted] = useState(false);
  const [nonce, setNonce] = useState(newCaptchaNonce);
  // Plain state, not react-query's useMutation: it would add ~4 KB to the first load of /login.
  const [pending, setPending] = useState(false);
  const [showPassword, setShowPassword] = useState(false);

  const errors = submitted ? validateLogin(values) : {};
  const message = (field: keyof LoginInput) => {
    const key = errors[field];
    return key && t(`validation.${key}`);
  };
  const set = (field: keyof LoginInput) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateLogin(values);
    const first = ORDER.find((field) => found[field]);
    if (first) {
      document.getElementById(`login-${first}`)?.focus();
      return;
    }
    setPending(true);
    try {
      await login(values);
      onSignedIn();
    } catch {
      // The HTTP client showed the error; a captcha is single use, so draw a new one.
      setNonce(newCaptchaNonce());
      setValues((v) => ({ ...v, captcha: '' }));
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t('login.submit')}>
      <FormField id="login-email" label={t('login.email')} error={message('email')}>
        {(control) => (
          <Input
            {...control}
            type="email"
            size="large"
            autoComplete="username"
            placeholder={t('login.emailPlaceholder')}
            value={values.email}
            onChange={set('email')}
          />
        )}
      </FormField>
      <FormField id="login-password" label={t('login.password')} error={message('password')}>
        {(control) => (
          // A text toggle rather than antd's Input.Password keeps its eye icons off /login (size budget).
          <Input
            {...control}
            type={showPassword ? 'text' : 'password'}
            size="large"
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
            value={values.password}
            onChange={set('password')}
            suffix={
              <button
                type="button"
                className="password-toggle"
                aria-pressed={showPassword}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                {t(showPassword ? 'login.hidePassword' : 'login.showPassword')}
              </button>
            }
          />
        )}
      </FormField>
      <FormField id="login-captcha" label={t('login.captcha')} error={message('captcha')}>
        {(control) => (
          <div className="captcha-row">
            <Input
              {...control}
              size="large"
              autoComplete="off"
              placeholder={t('login.captchaPlaceholder')}
              value={values.captcha}
              onChange={set('captcha')}
            />
            <CaptchaImage nonce={nonce} onRefresh={() => setNonce(newCaptchaNonce())} />
          </div>
        )}
      </FormField>
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
