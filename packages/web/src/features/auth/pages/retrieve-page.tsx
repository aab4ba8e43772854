import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/auth-card.tsx';
import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/signup.lazy.ts';
import en from '../../../locales/en-US/signup.lazy.ts';
import { RetrieveForm } from '../components/retrieve-form.tsx';

addLazyNamespace('signup', { 'zh-CN': zh, 'en-US': en });

/** Password retrieval (docs/product.md §2 /retrieve); afterwards the company logs in. */
export default function RetrievePage() {
  const { t } = useTranslation('auth');
  const { t: tm } = useTranslation('menu');
  const navigate = useNavigate();
  return (
    <AuthCard
      title={tm('retrieve')}
      subtitle={t('retrieve.subtitle')}
      footer={<Link to="/login">{t('toLogin')}</Link>}
    >
      <RetrieveForm onReset={() => void navigate('/login', { replace: true })} />
    </AuthCard>
  );
}
