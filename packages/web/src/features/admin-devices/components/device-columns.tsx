import { Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Breakpoint } from 'antd/es/_util/responsiveObserver';
import type { SorterResult } from 'antd/es/table/interface';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TDeviceItem } from '@edp/shared/contracts/devices';
import type { DeviceStatus } from '@edp/shared/contracts/engine';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { DEFAULT_LIST } from '../lib/device-list-url.ts';
import type { DeviceSort, SortOrder } from '../lib/device-enums.ts';
import { DeviceTypeTag, PresenceLabel, RelativeTime } from './device-labels.tsx';
import { adminPath } from '../../../lib/admin-paths.ts';
import { sortable, sortChange as serverSortChange } from '../../../lib/server-sort.ts';

const INSTALL_COLOR = {
  none: TAG.muted,
  installing: TAG.info,
  installed: TAG.ok,
  failed: TAG.bad,
} as const;

/**
 * Columns a phone leaves out: name, presence and the row's actions fit 390 px without the page
 * scrolling sideways; the rest is one tap away in the detail.
 */
const WIDE: Breakpoint[] = ['sm'];

interface DeviceColumnsProps {
  status: DeviceStatus;
  canWrite: boolean;
  onEdit: (device: TDeviceItem) => void;
  sort: { sort: DeviceSort; order: SortOrder };
}

/** What a sorter change of the table asks for; no order: the default one. */
export const sortChange = (sorter: SorterResult<TDeviceItem> | SorterResult<TDeviceItem>[]) =>
  serverSortChange(sorter, DEFAULT_LIST);

/** Running or deprecated devices' columns: a link to the detail and (running) Edit. */
export function useDeviceColumns(props: DeviceColumnsProps): ColumnsType<TDeviceItem> {
  const { t } = useTranslation('adminDevices');
  const { t: ta } = useTranslation('admin');
  // The detail's "back" link returns to this list as it is now (filters, sort, page).
  const from = { list: useLocation().search };
  return [
    {
      title: t('columns.name'),
      dataIndex: 'name',
      className: 'admin-table__name',
      ...sortable('name', props.sort),
      render: (name: string, d) => (
        <Link to={adminPath('adminDeviceDetail', d.id)} state={from}>
          {name}
        </Link>
      ),
    },
    { title: t('columns.ip'), dataIndex: 'ip', className: 'admin-table__name', responsive: WIDE },
    { title: t('columns.kind'), dataIndex: 'kind', responsive: WIDE },
    {
      title: t('columns.type'),
      dataIndex: 'type',
      responsive: WIDE,
      render: (type: number) => <DeviceTypeTag type={type} />,
    },
    {
      title: t('columns.presence'),
      dataIndex: 'presence',
      render: (presence: TDeviceItem['presence']) => <PresenceLabel presence={presence} />,
    },
    {
      title: t('columns.install'),
      dataIndex: 'install',
      responsive: WIDE,
      render: (install: TDeviceItem['install']) => (
        <Tag color={INSTALL_COLOR[install]}>{t(`install.${install}`)}</Tag>
      ),
    },
    { title: t('columns.group'), dataIndex: 'groupName', responsive: WIDE },
    { title: t('columns.version'), dataIndex: 'version', responsive: WIDE },
    {
      title: t('columns.lastSeen'),
      dataIndex: 'lastSeenAt',
      responsive: WIDE,
      ...sortable('lastSeenAt', props.sort),
      render: (iso: string | null) => <RelativeTime iso={iso} />,
    },
    {
      title: ta('actions.actions'),
      key: 'actions',
      className: 'admin-table__actions',
      render: (_, d) => (
        <Space size={0} className="admin-table__actions">
          <Link
            to={adminPath('adminDeviceDetail', d.id)}
            state={from}
            aria-label={`${t('rowActions.detail')} ${d.name}`}
            style={{ padding: '0 7px' }}
          >
            {t('rowActions.detail')}
          </Link>
          {props.canWrite && props.status === 'running' && (
            <Button
              type="link"
              size="small"
              aria-label={`${t('rowActions.edit')} ${d.name}`}
              onClick={() => props.onEdit(d)}
            >
              {t('rowActions.edit')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
}
