import { Button, Popconfirm, Space, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../../lib/format.ts';
import './tenant-table.css';
import { useActivateTenant } from '../api/activate-tenant.ts';
import type { TenantRow } from '../api/get-tenants.ts';
import { TenantStatus } from './tenant-status.tsx';

interface TenantColumnsProps {
  onEdit: (tenant: TenantRow) => void;
  onUsers: (tenant: TenantRow) => void;
  onDelete: (tenant: TenantRow) => void;
}

/** Keeps a column on one line (tenant-table.css). */
const fit = 'tenant-table__fit';

/** The tenant's console on its own domain, served by this same server (same scheme and port). */
const consoleUrl = (domain: string) =>
  `${window.location.protocol}//${domain}${window.location.port ? `:${window.location.port}` : ''}/admin`;

/**
 * Tenants' columns: what each holds, and edit, its users, activate or deactivate (asked first)
 * and delete.
 * The table carries the `tenant-table` class.
 */
export function useTenantColumns(props: TenantColumnsProps): TableProps<TenantRow>['columns'] {
  const { t } = useTranslation('vendor');
  const { t: tc } = useTranslation('common');
  const act = useActivateTenant();
  const setActive = (tenant: TenantRow, active: boolean) =>
    act
      .mutateAsync({
        id: tenant.id,
        active,
        successText: t(active ? 'tenants.activated' : 'tenants.deactivated'),
      })
      .catch(() => undefined);

  return [
    {
      title: t('tenants.domain'),
      dataIndex: 'domain',
      render: (domain: string) => (
        <a
          href={consoleUrl(domain)}
          target="_blank"
          rel="noreferrer"
          title={t('tenants.openConsole', { domain })}
        >
          {domain}
        </a>
      ),
    },
    { title: t('tenants.company'), dataIndex: 'company' },
    {
      title: t('tenants.customer'),
      dataIndex: 'customer',
      render: (c: TenantRow['customer']) =>
        c ? <Link to={`/sa/customers/${c.id}`}>{c.company}</Link> : '—',
    },
    { title: t('tenants.sysName'), dataIndex: 'sysName', render: (v: string) => v || '—' },
    {
      title: t('tenants.status'),
      dataIndex: 'status',
      className: fit,
      render: (status: TenantRow['status']) => <TenantStatus status={status} />,
    },
    { title: t('tenants.users'), dataIndex: 'userCount', align: 'right', className: fit },
    { title: t('tenants.roles'), dataIndex: 'roleCount', align: 'right', className: fit },
    { title: t('tenants.groups'), dataIndex: 'groupCount', align: 'right', className: fit },
    {
      // SPEC §3's key-initialised flag: the tenant's key manager initialised its keys (no key
      // material leaves the tenant; docs/keys.md).
      title: t('tenants.keyInitialised'),
      dataIndex: 'keyInitialised',
      className: fit,
      render: (v: boolean) => t(v ? 'tenants.keyYes' : 'tenants.keyNo'),
    },
    { title: t('tenants.createdAt'), dataIndex: 'createdAt', render: formatTime },
    {
      title: t('tenants.actions'),
      key: 'actions',
      className: fit,
      render: (_, tenant) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => props.onEdit(tenant)}>
            {t('tenants.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => props.onUsers(tenant)}>
            {t('tenants.viewUsers')}
          </Button>
          {tenant.status === 'active' ? (
            <Popconfirm
              title={t('tenants.deactivateTitle', { name: tenant.company })}
              description={t('tenants.deactivateHint', { users: tenant.userCount })}
              okText={t('tenants.deactivate')}
              okButtonProps={{ danger: true }}
              cancelText={tc('actions.cancel')}
              onConfirm={() => setActive(tenant, false)}
            >
              <Button type="link" size="small">
                {t('tenants.deactivate')}
              </Button>
            </Popconfirm>
          ) : (
            <Button type="link" size="small" onClick={() => void setActive(tenant, true)}>
              {t('tenants.activate')}
            </Button>
          )}
          <Button type="link" size="small" danger onClick={() => props.onDelete(tenant)}>
            {t('tenants.delete')}
          </Button>
        </Space>
      ),
    },
  ];
}
