import { useTranslation } from 'react-i18next';
import { PublicPendingPage } from '../../../components/public-pending-page.tsx';

/** Enterprise registration (SPEC §2 /register). Form: to be built by the portal change. */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  return <PublicPendingPage name="register" subtitle={t('register.subtitle')} backTo="/login" />;
}
