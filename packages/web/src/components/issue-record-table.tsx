import { Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TIssueRecord } from '@edp/shared/contracts/com';
import { formatTime } from '../lib/format.ts';
import { DownloadButton } from './download-button.tsx';
import './portal-texts.ts';

interface IssueRecordTableProps {
  records: TIssueRecord[] | undefined;
  loading: boolean;
  onDownload: (record: TIssueRecord) => Promise<unknown>;
  pagination?: TableProps<TIssueRecord>['pagination'];
  /** Hide the device column where the device is the page's subject. */
  showDevice?: boolean;
  caption?: string;
}

/** Issue records (certificates and elevation files), each with its download. */
export function IssueRecordTable(props: IssueRecordTableProps) {
  const { records, loading, onDownload, pagination = false, showDevice = true, caption } = props;
  const { t } = useTranslation('portal');
  const columns: TableProps<TIssueRecord>['columns'] = [
    { title: t('records.createdAt'), dataIndex: 'createdAt', render: formatTime },
    {
      title: t('records.type'),
      dataIndex: 'type',
      // A licence's second and later certificates are its renewals, and say so.
      render: (type: TIssueRecord['type'], record) => (
        <Tag variant="outlined">{t(`records.${record.renewal ? 'renewal' : type}`)}</Tag>
      ),
    },
    { title: t('records.licenseCode'), dataIndex: 'licenseCode' },
    ...(showDevice ? [{ title: t('records.deviceId'), dataIndex: 'deviceId' }] : []),
    { title: t('records.kind'), dataIndex: 'kind' },
    { title: t('records.serial'), dataIndex: 'serial' },
    { title: t('records.cost'), dataIndex: 'cost' },
    { title: t('records.validUntil'), dataIndex: 'validUntil', render: formatTime },
    {
      title: t('records.download'),
      key: 'download',
      render: (_, record) => (
        <DownloadButton
          size="small"
          aria-label={t('records.downloadFile', { name: record.fileName })}
          onDownload={() => onDownload(record)}
        >
          {t('records.download')}
        </DownloadButton>
      ),
    },
  ];
  return (
    <Table<TIssueRecord>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={records}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: t('records.empty') }}
      {...(caption ? { title: () => caption } : {})}
    />
  );
}
