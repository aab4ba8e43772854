import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TDeviceInfo } from '@edp/shared/contracts/com';
import { formatTime } from '../../../lib/format.ts';

/** The device's basic information. */
export function DeviceInfoCard({ info }: { info: TDeviceInfo }) {
  const { t } = useTranslation('device');
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      title={<h2 className="section-title">{t('info.title')}</h2>}
    >
      <Descriptions.Item label={t('info.deviceId')}>{info.deviceId}</Descriptions.Item>
      <Descriptions.Item label={t('info.name')}>{info.name || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('info.fingerprint')}>{info.fingerprint}</Descriptions.Item>
      <Descriptions.Item label={t('info.createdAt')}>
        {formatTime(info.createdAt)}
      </Descriptions.Item>
      <Descriptions.Item label={t('info.lastRequestAt')}>
        {formatTime(info.lastRequestAt)}
      </Descriptions.Item>
    </Descriptions>
  );
}
