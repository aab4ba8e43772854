import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container.tsx';
import '../../admin-common/lib/admin-locales.ts';

/** A duty's page that a later issue builds; here so each duty's menu is complete. */
export default function AdminDevicesPage() {
  const { t } = useTranslation('menu');
  const { t: ta } = useTranslation('admin');
  return (
    <PageContainer title={t('adminDevices')}>
      <Empty description={ta('pending')} />
    </PageContainer>
  );
}
