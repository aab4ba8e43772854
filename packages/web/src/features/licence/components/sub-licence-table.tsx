import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TSubLicence } from '@edp/shared/contracts/com';
import { LicenceStatusTag } from '../../../components/licence-status-tag.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSubLicences } from '../api/get-sub-licences.ts';

/** The engines a licence authorises (expanded row of My license). */
export function SubLicenceTable({ licenseId }: { licenseId: string }) {
  const { t } = useTranslation('licence');
  const { t: tp } = useTranslation('portal');
  const query = useSubLicences(licenseId);
  const columns: TableProps<TSubLicence>['columns'] = [
    { title: t('sub.deviceId'), dataIndex: 'deviceId' },
    { title: t('sub.name'), dataIndex: 'name', render: (name: string) => name || '—' },
    { title: t('columns.kind'), dataIndex: 'kind' },
    { title: t('sub.fingerprint'), dataIndex: 'fingerprint', ellipsis: true },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      render: (status: string) => <LicenceStatusTag status={status} />,
    },
    { title: t('columns.expiresAt'), dataIndex: 'expiresAt', render: formatDate },
    {
      title: t('columns.remainingDays'),
      dataIndex: 'remainingDays',
      render: (days: number) => tp('units.days', { count: days }),
    },
  ];
  return (
    <Table<TSubLicence>
      rowKey={(row) => `${row.licenseId}-${row.deviceId}`}
      size="small"
      title={() => t('sub.title')}
      columns={columns}
      dataSource={query.data?.list}
      loading={query.isPending}
      pagination={false}
      locale={{ emptyText: t('sub.empty') }}
    />
  );
}
