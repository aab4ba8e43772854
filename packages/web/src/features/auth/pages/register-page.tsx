import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/auth-card.tsx';
import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/signup.lazy.ts';
import en from '../../../locales/en-US/signup.lazy.ts';
import { RegisterForm } from '../components/register-form.tsx';

addLazyNamespace('signup', { 'zh-CN': zh, 'en-US': en });

/** Enterprise registration (docs/product.md §2 /register); afterwards the company logs in. */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const { t: ts } = useTranslation('signup');
  const { t: tm } = useTranslation('menu');
  const navigate = useNavigate();
  return (
    <AuthCard
      title={tm('register')}
      subtitle={t('register.subtitle')}
      footer={
        <span>
          {ts('register.haveAccount')} <Link to="/login">{t('toLogin')}</Link>
        </span>
      }
    >
      <RegisterForm onRegistered={() => void navigate('/login', { replace: true })} />
    </AuthCard>
  );
}
