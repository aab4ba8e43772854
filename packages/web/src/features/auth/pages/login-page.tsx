import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/auth-card.tsx';
import { safeRedirect } from '../../../lib/auth-paths.ts';
import { LoginForm } from '../components/login-form.tsx';

/** Enterprise login (docs/product.md §2): back to `redirect` afterwards, else to My license. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tm } = useTranslation('menu');
  const navigate = useNavigate();
  const { search } = useLocation();

  return (
    <AuthCard
      title={tm('login')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          <span>
            {t('login.noAccount')} <Link to="/register">{t('login.toRegister')}</Link>
          </span>
          <Link to="/retrieve">{t('login.forgot')}</Link>
        </>
      }
    >
      <LoginForm
        onSignedIn={() => void navigate(safeRedirect(search, 'portal'), { replace: true })}
      />
    </AuthCard>
  );
}
