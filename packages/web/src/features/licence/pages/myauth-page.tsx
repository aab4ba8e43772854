import { useState } from 'react';
import { Alert, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type {
  TLicenceItem,
  TLicenceStatus,
  TRequestBatchRead,
  TUploadResult,
} from '@edp/shared/contracts/com';
import { PageContainer } from '../../../components/page-container.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { useLicences } from '../api/get-licences.ts';
import { BatchIssueModal } from '../components/batch-issue-modal.tsx';
import { IssueModal } from '../components/issue-modal.tsx';
import '../components/licence-texts.ts';
import { LicenceTable } from '../components/licence-table.tsx';
import { RenewalRecordsDrawer } from '../components/renewal-records-drawer.tsx';
import { UploadRequestButton } from '../components/upload-request-button.tsx';

const STATUSES: TLicenceStatus[] = ['normal', 'expiring', 'expired'];

/** My license (docs/product.md §2 /myauth): licences, their records, and issuing from a request file. */
export default function MyauthPage() {
  const { t } = useTranslation('licence');
  const { t: tp } = useTranslation('portal');
  const { t: tm } = useTranslation('menu');
  const paging = usePaging();
  const [status, setStatus] = useState<TLicenceStatus>();
  const [request, setRequest] = useState<TUploadResult>();
  const [batch, setBatch] = useState<TRequestBatchRead>();
  const [uploadError, setUploadError] = useState<string>();
  const [recordsOf, setRecordsOf] = useState<TLicenceItem>();
  const query = useLicences({ ...paging.params, status });

  return (
    <PageContainer
      title={tm('myauth')}
      extra={
        <UploadRequestButton onParsed={setRequest} onBatch={setBatch} onError={setUploadError} />
      }
    >
      <p>{t('uploadHint')}</p>
      {uploadError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={uploadError}
          className="form-note"
          closable={{ onClose: () => setUploadError(undefined) }}
        />
      )}
      <div className="toolbar">
        <Select<TLicenceStatus | 'all'>
          aria-label={t('statusFilter')}
          value={status ?? 'all'}
          style={{ minWidth: 160 }}
          onChange={(value) => {
            setStatus(value === 'all' ? undefined : value);
            paging.reset();
          }}
          options={[
            { value: 'all', label: tp('status.all') },
            ...STATUSES.map((s) => ({ value: s, label: tp(`status.${s}`) })),
          ]}
        />
      </div>
      <LicenceTable
        licences={query.data?.list}
        loading={query.isFetching}
        pagination={paging.pagination(query.data?.total)}
        onShowRecords={setRecordsOf}
      />
      <RenewalRecordsDrawer licence={recordsOf} onClose={() => setRecordsOf(undefined)} />
      {request && (
        <IssueModal
          key={request.requestId}
          request={request}
          onClose={() => setRequest(undefined)}
        />
      )}
      {batch && <BatchIssueModal batch={batch} onClose={() => setBatch(undefined)} />}
    </PageContainer>
  );
}
