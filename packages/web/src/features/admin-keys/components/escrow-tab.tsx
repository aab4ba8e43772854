import { useEffect, useState } from 'react';
import { Alert, Button, Input, Radio } from 'antd';
import { Link } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { taskInfo } from '@edp/shared/api/console/tasks.calls';
import type { TDeviceEscrow } from '@edp/shared/contracts/keys';
import { ListTable } from '../../../components/list-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { adminPath } from '../../../lib/admin-paths.ts';
import { formatTime } from '../../../lib/format.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useEscrowList } from '../api/keys.ts';
import { KeyList } from './key-list.tsx';
import { KeysetPager, useKeyset } from '../../../components/keyset-pager.tsx';
import { RotateKeysModal } from './rotate-keys-modal.tsx';

export type EscrowFilter = 'all' | 'missing';

const TYPING_MS = 300;
/** `/kss/rotate/device` takes this many devices at most (ZRotateDevices). */
const ROTATE_MAX = 1000;

/**
 * The devices of the caller's groups with their data keys and escrow (`/kss/escrow/list`):
 * "Not escrowed" shows those with a key the console could not recover; a name search; keyset
 * pages. The key manager selects devices (kept across pages and searches) for "Rotate data
 * keys": the task's id comes back, linked to the task's page for whoever may open it (the
 * security operator's).
 */
export function EscrowTab({
  filter,
  onFilter,
  canWrite = false,
}: {
  filter: EscrowFilter;
  onFilter: (f: EscrowFilter) => void;
  canWrite?: boolean;
}) {
  const { t } = useTranslation('adminKeys');
  const mayOpenTask = useMayCall(taskInfo);
  // Selected device id -> name (the names of rows on other pages are kept for the dialog).
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [rotating, setRotating] = useState(false);
  const [made, setMade] = useState<{ taskId: string; count: number }>();
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
      {made && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setMade(undefined)}
          title={t('rotateKeys.made', { count: made.count, id: made.taskId })}
          description={
            mayOpenTask ? (
              <Link to={adminPath('adminTaskDetail', made.taskId)}>{t('rotateKeys.openTask')}</Link>
            ) : (
              t('rotateKeys.operatorFollows')
            )
          }
          style={{ marginBottom: 16 }}
        />
      )}
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
        {canWrite && (
          <Button type="primary" disabled={selected.size === 0} onClick={() => setRotating(true)}>
            {selected.size > 0
              ? t('rotateKeys.buttonCount', { count: selected.size })
              : t('rotateKeys.button')}
          </Button>
        )}
      </div>
      {canWrite && (
        <p className="keys-note" role="status">
          {selected.size > 0
            ? t('rotateKeys.selected', { count: selected.size })
            : t('rotateKeys.select')}
        </p>
      )}
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
        rowSelection={
          canWrite
            ? {
                selectedRowKeys: [...selected.keys()],
                preserveSelectedRowKeys: true,
                getCheckboxProps: (d) => ({
                  'aria-label': t('rotateKeys.selectDevice', { device: d.name }),
                  disabled: d.keys.length === 0,
                }),
                onChange: (keys, rows) =>
                  setSelected((before) => {
                    const next = new Map<string, string>();
                    for (const key of (keys as string[]).slice(0, ROTATE_MAX)) {
                      const row = rows.find((r) => r?.deviceId === key);
                      next.set(key, row?.name ?? before.get(key) ?? key);
                    }
                    return next;
                  }),
              }
            : undefined
        }
        emptyText={
          q
            ? t('escrow.emptySearch')
            : filter === 'missing'
              ? t('escrow.emptyMissing')
              : t('escrow.empty')
        }
      />
      <KeysetPager keyset={keyset} next={list.data?.next} busy={list.isFetching} />
      {rotating && (
        <RotateKeysModal
          devices={[...selected].map(([id, name]) => ({ id, name }))}
          onClose={() => setRotating(false)}
          onDone={(taskId, count) => {
            setMade({ taskId, count });
            setSelected(new Map());
          }}
        />
      )}
    </>
  );
}
