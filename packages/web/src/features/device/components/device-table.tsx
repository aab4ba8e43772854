import { Table, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TEngineItem } from '@edp/shared/contracts/com';
import { LicenceStatusTag } from '../../../components/licence-status-tag.tsx';
import { formatDate, formatTime } from '../../../lib/format.ts';

interface DeviceTableProps {
  engines: TEngineItem[] | undefined;
  loading: boolean;
  pagination?: TableProps<TEngineItem>['pagination'];
  /** Link each row to its device detail (the list) or not (the detail page itself). */
  withLinks?: boolean;
  emptyText?: string;
}

/** Engines with their licence state. */
export function DeviceTable(props: DeviceTableProps) {
  const { engines, loading, pagination = false, withLinks = true, emptyText } = props;
  const { t } = useTranslation('device');
  const { t: tp } = useTranslation('portal');
  const columns: TableProps<TEngineItem>['columns'] = [
    // The name first: on a phone the id (a UUID) would push it out of sight (issue 35).
    {
      title: t('columns.name'),
      dataIndex: 'name',
      className: 'admin-table__name',
      render: (name: string) => name || '—',
    },
    { title: t('columns.deviceId'), dataIndex: 'deviceId' },
    {
      title: t('columns.kind'),
      dataIndex: 'kind',
      render: (kind: TEngineItem['kind']) => `${kind} · ${tp(`kinds.${kind}`)}`,
    },
    {
      title: t('columns.status'),
      dataIndex: 'licenceStatus',
      render: (status: string) => <LicenceStatusTag status={status} />,
    },
    { title: t('columns.expiresAt'), dataIndex: 'expiresAt', render: formatDate },
    {
      title: t('columns.remainingDays'),
      dataIndex: 'remainingDays',
      align: 'right',
      render: (days: number | null) => (days === null ? '—' : tp('units.days', { count: days })),
    },
    { title: t('columns.lastRequestAt'), dataIndex: 'lastRequestAt', render: formatTime },
  ];
  if (withLinks) {
    columns.push({
      title: t('columns.actions'),
      key: 'actions',
      className: 'admin-table__actions',
      render: (_, row) => (
        <Link
          to={`/device/${encodeURIComponent(row.deviceId)}`}
          aria-label={t('detailOf', { device: row.deviceId })}
        >
          {t('detail')}
        </Link>
      ),
    });
  }
  return (
    <Table<TEngineItem>
      rowKey="id"
      columns={columns}
      dataSource={engines}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: emptyText ?? t('empty') }}
    />
  );
}
