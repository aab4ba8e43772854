import { Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TDeviceItem } from '@edp/shared/contracts/devices';
import type { DeviceStatus } from '@edp/shared/contracts/engine';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { DeviceTypeTag, PresenceLabel, RelativeTime } from './device-labels.tsx';

const INSTALL_COLOR = {
  none: TAG.muted,
  installing: TAG.info,
  installed: TAG.ok,
  failed: TAG.bad,
} as const;

interface DeviceColumnsProps {
  status: DeviceStatus;
  canWrite: boolean;
  onEdit: (device: TDeviceItem) => void;
}

/** Running or deprecated devices' columns: a link to the detail and (running) Edit. */
export function useDeviceColumns(props: DeviceColumnsProps): ColumnsType<TDeviceItem> {
  const { t } = useTranslation('adminDevices');
  const { t: ta } = useTranslation('admin');
  return [
    {
      title: t('columns.name'),
      dataIndex: 'name',
      className: 'admin-table__name',
      render: (name: string, d) => <Link to={`/admin/devices/${d.id}`}>{name}</Link>,
    },
    { title: t('columns.ip'), dataIndex: 'ip', className: 'admin-table__name' },
    { title: t('columns.kind'), dataIndex: 'kind' },
    {
      title: t('columns.type'),
      dataIndex: 'type',
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
      render: (install: TDeviceItem['install']) => (
        <Tag color={INSTALL_COLOR[install]}>{t(`install.${install}`)}</Tag>
      ),
    },
    { title: t('columns.group'), dataIndex: 'groupName' },
    { title: t('columns.version'), dataIndex: 'version' },
    {
      title: t('columns.lastSeen'),
      dataIndex: 'lastSeenAt',
      render: (iso: string | null) => <RelativeTime iso={iso} />,
    },
    {
      title: ta('actions.actions'),
      key: 'actions',
      className: 'admin-table__actions',
      render: (_, d) => (
        <Space size={0} className="admin-table__actions">
          <Link
            to={`/admin/devices/${d.id}`}
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
