import { Button, Space, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLicenceItem } from '@edp/shared/contracts/com';
import { DownloadButton } from '../../../components/download-button.tsx';
import { LicenceStatusTag } from '../../../components/licence-status-tag.tsx';
import { formatDate } from '../../../lib/format.ts';
import { downloadIssueFile } from '../api/download-issue-file.ts';
import { SubLicenceTable } from './sub-licence-table.tsx';

interface LicenceTableProps {
  licences: TLicenceItem[] | undefined;
  loading: boolean;
  pagination: TableProps<TLicenceItem>['pagination'];
  onShowRecords: (licence: TLicenceItem) => void;
}

/** My licences; a row expands to its sub-licences. */
export function LicenceTable({ licences, loading, pagination, onShowRecords }: LicenceTableProps) {
  const { t } = useTranslation('licence');
  const { t: tp } = useTranslation('portal');
  const columns: TableProps<TLicenceItem>['columns'] = [
    { title: t('columns.code'), dataIndex: 'code' },
    {
      title: t('columns.kind'),
      dataIndex: 'kind',
      render: (kind: TLicenceItem['kind']) => (
        <span title={tp(`kinds.${kind}`)}>
          {kind} · {tp(`kinds.${kind}`)}
        </span>
      ),
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      render: (status: string) => <LicenceStatusTag status={status} />,
    },
    { title: t('columns.expiresAt'), dataIndex: 'expiresAt', render: formatDate },
    {
      title: t('columns.remainingDays'),
      dataIndex: 'remainingDays',
      align: 'right',
      render: (days: number) => tp('units.days', { count: days }),
    },
    {
      title: t('columns.devices'),
      key: 'devices',
      align: 'right',
      render: (_, row) => `${row.deviceCount} / ${row.maxDevices}`,
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      className: 'admin-table__actions',
      render: (_, row) => (
        <Space size={0} wrap>
          {row.certificateId && (
            // The newest certificate again, without opening the records.
            <DownloadButton
              type="link"
              size="small"
              aria-label={t('downloadOf', { code: row.code })}
              onDownload={() => downloadIssueFile(row.certificateId!)}
            >
              {t('download')}
            </DownloadButton>
          )}
          <Button type="link" size="small" onClick={() => onShowRecords(row)}>
            {t('records')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Table<TLicenceItem>
      rowKey="id"
      columns={columns}
      dataSource={licences}
      loading={loading}
      pagination={pagination}
      expandable={{ expandedRowRender: (row) => <SubLicenceTable licenseId={row.id} /> }}
      locale={{ emptyText: t('empty') }}
    />
  );
}
