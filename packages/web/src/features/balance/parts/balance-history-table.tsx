import { Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TBalanceRecord } from '@edp/shared/contracts/com';
import { formatTime } from '../../../lib/format.ts';
import '../components/balance-texts.ts';

interface BalanceHistoryTableProps {
  records: TBalanceRecord[] | undefined;
  loading: boolean;
  pagination: TableProps<TBalanceRecord>['pagination'];
}

/**
 * Recharges and deductions, each saying what it came from or paid for: a company's My balance,
 * and a customer's balance tab on the vendor's side.
 */
export function BalanceHistoryTable({ records, loading, pagination }: BalanceHistoryTableProps) {
  const { t } = useTranslation('balance');
  const columns: TableProps<TBalanceRecord>['columns'] = [
    { title: t('columns.createdAt'), dataIndex: 'createdAt', render: formatTime },
    {
      title: t('columns.type'),
      dataIndex: 'type',
      render: (type: TBalanceRecord['type']) => (
        <Tag className={`tone-tag tone-tag--${type === 'recharge' ? 'green' : 'blue'}`}>
          {t(`types.${type}`)}
        </Tag>
      ),
    },
    {
      title: t('columns.change'),
      dataIndex: 'change',
      align: 'right',
      render: (change: number) => (change > 0 ? `+${change}` : String(change)),
    },
    { title: t('columns.balanceAfter'), dataIndex: 'balanceAfter', align: 'right' },
    {
      title: t('columns.detail'),
      key: 'detail',
      render: (_, row) =>
        row.type === 'recharge'
          ? t('detail.package', { name: row.packageName ?? '—' })
          : t('detail.issue', {
              code: row.licenseCode ?? '—',
              device: row.deviceId ?? '—',
              kind: row.kind ?? '—',
            }),
    },
  ];
  return (
    <Table<TBalanceRecord>
      rowKey="id"
      columns={columns}
      dataSource={records}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: t('empty') }}
    />
  );
}
