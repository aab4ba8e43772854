import { useState } from 'react';
import { Alert, Button, Segmented, Space } from 'antd';
import { CloudUploadOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addDevice } from '@edp/shared/api/console/devices.calls';
import type { TDeviceItem } from '@edp/shared/contracts/devices';
import type { DeviceStatus } from '@edp/shared/contracts/engine';
import { PageContainer } from '../../../components/page-container.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useDeviceList } from '../api/get-device-list.ts';
import { BulkActions } from '../components/bulk-actions.tsx';
import { DeviceCounters } from '../components/device-counters.tsx';
import { DeviceFilters } from '../components/device-filters.tsx';
import { DeviceFormModal } from '../components/device-form-modal.tsx';
import { DeviceTable } from '../components/device-table.tsx';
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
    <PageContainer
      title={tm('adminDevices')}
      extra={
        <Space wrap>
          <Button icon={<CloudUploadOutlined />} onClick={() => setEnrolling(true)}>
            {t('enrol.button')}
          </Button>
          {canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {ta('actions.add')}
            </Button>
          )}
        </Space>
      }
    >
      {!canWrite && (
        <Alert type="info" showIcon title={ta('readOnly')} style={{ marginBottom: 16 }} />
      )}
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
      <DeviceTable
        status={status}
        data={list.data}
        loading={list.isFetching}
        emptyText={emptyText}
        page={paging.shown}
        onPage={paging.change}
        canWrite={canWrite}
        selected={selected}
        onSelect={setSelected}
        onEdit={setEditing}
      />
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
    </PageContainer>
  );
}
