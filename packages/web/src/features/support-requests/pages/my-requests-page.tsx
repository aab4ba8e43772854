import { useTranslation } from 'react-i18next';
import '../../../components/portal-texts.ts';
import { RequestsList } from '../components/requests-list.tsx';

/** My support requests (/requests): a company's own, and new ones to the vendor. */
export default function MyRequestsPage() {
  const { t } = useTranslation('menu');
  return <RequestsList side="customer" title={t('myRequests')} />;
}
