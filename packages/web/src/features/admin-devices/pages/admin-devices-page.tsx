import { useState } from 'react';
import { Button, Segmented, Space } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addDevice } from '@edp/shared/api/console/devices.calls';
import type { TDeviceItem } from '@edp/shared/contracts/devices';
import type { DeviceStatus } from '@edp/shared/contracts/engine';
import { ListPage } from '../../../components/list-page.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useDeviceList } from '../api/get-device-list.ts';
import { BulkActions } from '../components/bulk-actions.tsx';
import { DeviceCounters } from '../components/device-counters.tsx';
import { DeviceFilters } from '../components/device-filters.tsx';
import { DeviceFormModal } from '../components/device-form-modal.tsx';
import { useDeviceColumns } from '../components/device-columns.tsx';
import { EnrolDrawer } from '../components/enrol-drawer.tsx';
import '../components/admin-devices.css';
import { filterOf, isFiltered, NO_FILTER, type DeviceFilterState } from '../lib/device-filter.ts';
import type { DeviceSort, SortOrder } from '../lib/device-enums.ts';
import '../lib/device-locales.ts';

/**
 * The device centre (security operator): running and deprecated devices, counters by licence
 * type, filters, bulk actions with a preview, add and edit, and enrolling engines.
 */
export default function AdminDevicesPage() {
  const { t } = useTranslation('adminDevices');
  const { t: ta } = useTranslation('admin');
  const { t: tm } = useTranslation('menu');
  const canWrite = useMayCall(addDevice);
  const [status, setStatus] = useState<DeviceStatus>('running');
  const [filter, setFilter] = useState<DeviceFilterState>(NO_FILTER);
  const [sort, setSort] = useState<{ sort: DeviceSort; order: SortOrder }>({
    sort: 'createdAt',
    order: 'desc',
  });
  const paging = usePaging();
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<TDeviceItem | 'new'>();
  const [enrolling, setEnrolling] = useState(false);
  const sent = filterOf(filter);
  const list = useDeviceList(status, { ...paging.params, ...sent, ...sort });
  const columns = useDeviceColumns({ status, canWrite, onEdit: setEditing });
  const change = (apply: () => void) => {
    apply();
    setSelected([]);
    paging.reset();
  };
  const emptyText = isFiltered(filter)
    ? t('emptyFiltered')
    : status === 'running'
      ? t('empty')
      : t('emptyDeprecated');

  return (
    <ListPage<TDeviceItem>
      title={tm('adminDevices')}
      actions={
        <Button icon={<CloudUploadOutlined />} onClick={() => setEnrolling(true)}>
          {t('enrol.button')}
        </Button>
      }
      add={{ label: ta('actions.add'), onClick: () => setEditing('new') }}
      readOnly={!canWrite && ta('readOnly')}
      above={
        <>
          <Space wrap align="center" style={{ marginBottom: 16 }}>
            <Segmented<DeviceStatus>
              aria-label={t('lists.label')}
              value={status}
              onChange={(next) => change(() => setStatus(next))}
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
            onSelect={(type) => change(() => setFilter({ ...filter, type }))}
          />
          <DeviceFilters
            value={filter}
            onChange={(next) => change(() => setFilter(next))}
            sort={sort.sort}
            order={sort.order}
            onSort={(s, o) => change(() => setSort({ sort: s, order: o }))}
          />
          {canWrite && (
            <BulkActions
              key={status}
              status={status}
              selected={selected}
              filter={sent}
              onDone={() => setSelected([])}
            />
          )}
        </>
      }
      query={list}
      paging={paging}
      columns={columns}
      emptyText={emptyText}
      table={{
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
      <DeviceFormModal
        open={!!editing}
        device={editing === 'new' ? undefined : editing}
        defaultGroupId={filter.groupId}
        onClose={() => setEditing(undefined)}
      />
      <EnrolDrawer
        open={enrolling}
        defaultGroupId={filter.groupId}
        onClose={() => setEnrolling(false)}
      />
    </ListPage>
  );
}
