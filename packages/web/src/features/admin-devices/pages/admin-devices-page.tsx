import { lazy, useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { Button, Segmented, Space } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addDevice } from '@edp/shared/api/console/devices.calls';
import type { TDeviceItem } from '@edp/shared/contracts/devices';
import type { DeviceStatus } from '@edp/shared/contracts/engine';
import { LazyOnOpen } from '../../../components/lazy-on-open.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useDeviceList } from '../api/get-device-list.ts';
import { BulkActions } from '../components/bulk-actions.tsx';
import { DeviceCounters } from '../components/device-counters.tsx';
import { DeviceFilters } from '../components/device-filters.tsx';
import { sortChange, useDeviceColumns } from '../components/device-columns.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { exportDevices } from '../api/export-devices.ts';
import '../../admin-common/components/console-parts.css';
import '../components/admin-devices.css';
import { filterOf, isFiltered } from '../lib/device-filter.ts';
import { useDeviceListState } from '../lib/use-device-list-state.ts';
import '../lib/device-locales.ts';

// The form and the enrol drawer (with the engine's commands) load on their first opening: the
// list's first rows come sooner after a reload (bench/first-rows.mjs).
const DeviceFormModal = lazy(() =>
  import('../components/device-form-modal.tsx').then((m) => ({ default: m.DeviceFormModal })),
);
const EnrolDrawer = lazy(() =>
  import('../components/enrol-drawer.tsx').then((m) => ({ default: m.EnrolDrawer })),
);

/**
 * The device centre (security operator): running and deprecated devices, counters by licence
 * type, filters, bulk actions with a preview, add and edit, enrolling engines, and the export of
 * the list as filtered (CSV or Excel).
 */
export default function AdminDevicesPage() {
  const { t } = useTranslation('adminDevices');
  const { t: ta } = useTranslation('admin');
  const { t: tm } = useTranslation('menu');
  const canWrite = useMayCall(addDevice);
  // Status, filters, sort and page live in the address: Back and a reload keep them.
  const { state, update, paging } = useDeviceListState();
  const { status, filter } = state;
  const sort = { sort: state.sort, order: state.order };
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<TDeviceItem | 'new'>();
  const [enrolling, setEnrolling] = useState(false);
  const [bulkBusy, setBulkBusy] = useState(false);
  const changing = useIsMutating() > 0;
  const sent = filterOf(filter);
  // Engines that enrol and states that change reach the open list without a reload; it is not
  // read again while a dialog or an action is under way, so nothing moves under the user's hand.
  const list = useDeviceList(state, !editing && !enrolling && !bulkBusy && !changing);
  // A new page, filter or order shows the table loading; the list read again in the background
  // (same rows, maybe changed) does not flash it.
  const query = {
    ...list,
    isFetching: list.isFetching && (list.isPending || list.isPlaceholderData),
  };
  /** A new status, filter or order: the selection is cleared and page 1 shown. */
  const change = (patch: Parameters<typeof update>[0]) => {
    setSelected([]);
    update({ ...patch, page: 1 });
  };
  const columns = useDeviceColumns({
    status,
    canWrite,
    onEdit: setEditing,
    sort,
  });
  const emptyText = isFiltered(filter)
    ? t('emptyFiltered')
    : status === 'running'
      ? t('empty')
      : t('emptyDeprecated');

  return (
    <ListPage<TDeviceItem>
      title={tm('adminDevices')}
      actions={
        <Space wrap>
          <ExportButton
            matching={list.data?.total}
            run={(format) => exportDevices(state, format)}
            runningText={(count) => t('export.running', { count })}
          />
          <Button icon={<CloudUploadOutlined />} onClick={() => setEnrolling(true)}>
            {t('enrol.button')}
          </Button>
        </Space>
      }
      add={{ label: ta('actions.add'), onClick: () => setEditing('new') }}
      readOnly={!canWrite && ta('readOnly')}
      above={
        <>
          <Space wrap align="center" style={{ marginBottom: 16 }}>
            <Segmented<DeviceStatus>
              aria-label={t('lists.label')}
              value={status}
              onChange={(next) => change({ status: next })}
              options={[
                { value: 'running', label: t('lists.running') },
                { value: 'deprecated', label: t('lists.deprecated') },
              ]}
            />
            {status === 'running' && list.data && (
              <span role="status">{t('onlineNow', { count: list.data.online })}</span>
            )}
          </Space>
          <DeviceCounters
            counts={list.data?.counts}
            loading={list.isPending}
            active={filter.type}
            onSelect={(type) => change({ filter: { ...filter, type } })}
          />
          <DeviceFilters
            value={filter}
            onChange={(next) => change({ filter: next })}
            sort={sort.sort}
            order={sort.order}
            onSort={(s, o) => change({ sort: s, order: o })}
          />
          {canWrite && (
            <BulkActions
              key={status}
              status={status}
              selected={selected}
              filter={sent}
              matching={list.data?.total}
              onDone={() => setSelected([])}
              onBusy={setBulkBusy}
            />
          )}
        </>
      }
      query={query}
      paging={paging}
      columns={columns}
      emptyText={emptyText}
      table={{
        className: 'device-table',
        onChange: (_pages, _filters, sorter, extra) => {
          if (extra.action === 'sort') change(sortChange(sorter));
        },
        rowSelection: canWrite
          ? {
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelected(keys as string[]),
              getCheckboxProps: (d) => ({ 'aria-label': d.name }),
            }
          : undefined,
      }}
    >
      <LazyOnOpen open={!!editing}>
        <DeviceFormModal
          open={!!editing}
          device={editing === 'new' ? undefined : editing}
          defaultGroupId={filter.groupId}
          onClose={() => setEditing(undefined)}
        />
      </LazyOnOpen>
      <LazyOnOpen open={enrolling}>
        <EnrolDrawer
          open={enrolling}
          defaultGroupId={filter.groupId}
          onClose={() => {
            setEnrolling(false);
            // The engines just enrolled show at once, not at the next interval.
            void list.refetch();
          }}
        />
      </LazyOnOpen>
    </ListPage>
  );
}
