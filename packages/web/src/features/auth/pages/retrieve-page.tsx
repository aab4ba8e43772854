import { useTranslation } from 'react-i18next';
import { PublicPendingPage } from '../../../components/public-pending-page.tsx';

/** Password retrieval (SPEC §2 /retrieve). Form: to be built by the portal change. */
export default function RetrievePage() {
  const { t } = useTranslation('auth');
  return <PublicPendingPage name="retrieve" subtitle={t('retrieve.subtitle')} backTo="/login" />;
}
