import { useState } from 'react';
import { Button, Result, Skeleton, Tooltip } from 'antd';
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

  // An elevation needs a licence that still runs (the server refuses it otherwise: -10033).
  const licensed = !!info.data?.engines.some(
    (e) => e.licenceStatus === 'normal' || e.licenceStatus === 'expiring',
  );
  return (
    <PageContainer
      title={tm('deviceDetail')}
      extra={
        <Tooltip title={info.data && !licensed ? t('elevation.needsLicence') : undefined}>
          <Button icon={<SafetyOutlined />} disabled={!licensed} onClick={() => setElevating(true)}>
            {t('elevation.action')}
          </Button>
        </Tooltip>
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
