import { useEffect, useState } from 'react';
import { Input, Radio } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TDeviceEscrow } from '@edp/shared/contracts/keys';
import { ListTable } from '../../../components/list-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useEscrowList } from '../api/keys.ts';
import { KeyList } from './key-list.tsx';
import { KeysetPager, useKeyset } from './keyset-pager.tsx';

export type EscrowFilter = 'all' | 'missing';

const TYPING_MS = 300;

/**
 * The devices of the caller's groups with their data keys and escrow (`/kss/escrow/list`):
 * "Not escrowed" shows those with a key the console could not recover; a name search; keyset
 * pages.
 */
export function EscrowTab({
  filter,
  onFilter,
}: {
  filter: EscrowFilter;
  onFilter: (f: EscrowFilter) => void;
}) {
  const { t } = useTranslation('adminKeys');
  const keyset = useKeyset();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const { reset } = keyset;
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), TYPING_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // Another search starts again at page 1.
  useEffect(() => reset(), [q, reset]);
  const list = useEscrowList({
    filter,
    size: 20,
    ...(q ? { q } : {}),
    ...(keyset.cursor ? { cursor: keyset.cursor } : {}),
  });

  const columns: ColumnsType<TDeviceEscrow> = [
    { title: t('escrow.columns.device'), dataIndex: 'name', className: 'admin-table__name' },
    { title: t('escrow.columns.group'), dataIndex: 'groupName', responsive: ['sm'] },
    {
      title: t('escrow.columns.lastSeen'),
      dataIndex: 'lastSeenAt',
      responsive: ['md'],
      render: (at: string | null) => formatTime(at),
    },
    {
      title: t('escrow.columns.keys'),
      key: 'keys',
      render: (_, d) => <KeyList keys={d.keys} />,
    },
  ];

  return (
    <>
      <p>{t('escrow.intro')}</p>
      <div className="list-page__filters" role="search">
        <Radio.Group
          aria-label={t('escrow.filter')}
          optionType="button"
          value={filter}
          onChange={(e) => {
            onFilter(e.target.value as EscrowFilter);
            keyset.reset();
          }}
          options={[
            { value: 'all', label: t('escrow.all') },
            { value: 'missing', label: t('escrow.missing') },
          ]}
        />
        <Input.Search
          aria-label={t('escrow.search')}
          placeholder={t('escrow.search')}
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          style={{ width: 240 }}
        />
      </div>
      {list.isError && (
        <LoadError
          title={t('escrow.loadFailed')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      )}
      <ListTable<TDeviceEscrow>
        columns={columns}
        dataSource={list.data?.items}
        loading={list.isFetching}
        rowKey="deviceId"
        emptyText={
          q
            ? t('escrow.emptySearch')
            : filter === 'missing'
              ? t('escrow.emptyMissing')
              : t('escrow.empty')
        }
      />
      <KeysetPager keyset={keyset} next={list.data?.next} busy={list.isFetching} />
    </>
  );
}
