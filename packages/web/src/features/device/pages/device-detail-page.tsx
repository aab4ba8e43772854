import { useState } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CommonErr } from '@edp/shared/errors/common';
import { IssueRecordTable } from '../../../components/issue-record-table.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { ApiError } from '../../../lib/http.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { downloadIssueFile } from '../../licence/api/download-issue-file.ts';
import { useDeviceInfo } from '../api/get-device-info.ts';
import { useDeviceRecords } from '../api/get-device-records.ts';
import { DeviceInfoCard } from '../components/device-info-card.tsx';
import { DeviceTable } from '../components/device-table.tsx';
import '../components/device-texts.ts';
import { ElevationModal } from '../components/elevation-modal.tsx';

/** Device details (docs/product.md §2 /device/{deviceId}): information, licences, records, elevation. */
export default function DeviceDetailPage() {
  const { deviceId = '' } = useParams();
  const { t } = useTranslation('device');
  const { t: tm } = useTranslation('menu');
  const { t: tc } = useTranslation('common');
  const info = useDeviceInfo(deviceId);
  const paging = usePaging();
  const records = useDeviceRecords(deviceId, paging.params, info.isSuccess);
  const [elevating, setElevating] = useState(false);

  if (info.isError) {
    const missing = info.error instanceof ApiError && info.error.errCode === CommonErr.NotFound;
    return (
      <PageContainer title={tm('deviceDetail')}>
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('notFound.title') : tc('request.serverError')}
          subTitle={missing ? t('notFound.subTitle') : info.error.message}
          extra={<Link to="/device">{t('notFound.back')}</Link>}
        />
      </PageContainer>
    );
  }

  return (
    <PageContainer
      title={tm('deviceDetail')}
      extra={
        <Button icon={<SafetyOutlined />} disabled={!info.data} onClick={() => setElevating(true)}>
          {t('elevation.action')}
        </Button>
      }
    >
      {info.data ? <DeviceInfoCard info={info.data} /> : <Skeleton active />}
      <h2 className="section-title">{t('info.engines')}</h2>
      <DeviceTable engines={info.data?.engines} loading={info.isPending} withLinks={false} />
      <h2 className="section-title">{t('info.records')}</h2>
      <IssueRecordTable
        records={records.data?.list}
        loading={records.isFetching}
        showDevice={false}
        pagination={paging.pagination(records.data?.total)}
        onDownload={(record) => downloadIssueFile(record.id, record.fileName)}
      />
      <ElevationModal deviceId={deviceId} open={elevating} onClose={() => setElevating(false)} />
    </PageContainer>
  );
}
