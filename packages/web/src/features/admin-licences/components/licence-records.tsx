import { Table } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TLicenceRecords } from '@edp/shared/contracts/licences';
import { formatTime } from '../../../lib/format.ts';
import { SyncAlert } from '../../admin-common/components/sync-alert.tsx';
import { adminPath } from '../../../lib/admin-paths.ts';

type Row = TLicenceRecords['records'][number];

/** A device's installs (renewal records, SPEC §3) and the requests still waiting. */
export function LicenceRecords({ records }: { records: UseQueryResult<TLicenceRecords> }) {
  const { t } = useTranslation('adminLicences');
  if (records.isError) return <SyncAlert error={records.error} />;
  const outstanding = records.data?.outstanding ?? [];
  return (
    <>
      <h3 className="task-detail__section">{t('records.title')}</h3>
      <Table<Row>
        size="small"
        rowKey={(r) => `${r.at}-${r.serial}`}
        loading={records.isLoading}
        dataSource={records.data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('records.empty') }}
        columns={[
          { title: t('records.at'), dataIndex: 'at', render: (v: string) => formatTime(v) },
          {
            title: t('records.purpose'),
            dataIndex: 'purpose',
            render: (v: Row['purpose']) => t(`purpose.${v}`),
          },
          { title: t('records.code'), dataIndex: 'licenseCode' },
          { title: t('records.serial'), dataIndex: 'serial' },
          {
            title: t('records.expires'),
            dataIndex: 'expiresAt',
            render: (v: string) => formatTime(v),
          },
          { title: t('records.by'), dataIndex: 'by' },
          {
            title: t('records.task'),
            dataIndex: 'taskId',
            render: (id: string | null) =>
              id ? <Link to={adminPath('adminTaskDetail', id)}>{t('list.openTask')}</Link> : '—',
          },
        ]}
      />
      {outstanding.length > 0 && (
        <>
          <h3 className="task-detail__section">{t('records.outstanding')}</h3>
          <ul className="licence-steps__outstanding">
            {outstanding.map((r) => (
              <li key={r.requestId}>
                {formatTime(r.createdAt)} · {t(`purpose.${r.purpose}`)} · {r.months}{' '}
                {t('steps.monthsUnit')} · {r.createdBy} ·{' '}
                <code aria-label={t('records.requestId')}>{r.requestId.slice(0, 8)}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
