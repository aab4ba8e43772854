import { useTranslation } from 'react-i18next';
import '../../../components/portal-texts.ts';
import { RequestsList } from '../components/requests-list.tsx';

/** Every customer's support requests (/sa/requests), answered and moved by the vendor's team. */
export default function VendorRequestsPage() {
  const { t } = useTranslation('menu');
  return <RequestsList side="vendor" title={t('saRequests')} />;
}
