import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/auth-card.tsx';

/** Management console login (/admin/login). Form: to be built by the console change. */
export default function AdminLoginPage() {
  const { t } = useTranslation('menu');
  return (
    <AuthCard title={t('adminLogin')}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
    </AuthCard>
  );
}
