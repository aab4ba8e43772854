import { Empty } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container.tsx';

/** Device details (SPEC §2 /device/{deviceId}). Content: to be built by the portal change. */
export default function DeviceDetailPage() {
  const { deviceId = '' } = useParams();
  const { t } = useTranslation('menu');
  const { t: tc } = useTranslation('common');
  return (
    <PageContainer title={t('deviceDetail')} extra={<code>{deviceId}</code>}>
      <Empty description={tc('empty.noData')} />
    </PageContainer>
  );
}
