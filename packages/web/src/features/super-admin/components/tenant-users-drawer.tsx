import { useState } from 'react';
import { Button, Drawer, Input, Space, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table.tsx';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { formatTime } from '../../../lib/format.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { useOwnerUsers, type OwnerUserRow } from '../api/get-owner-users.ts';
import type { TenantRow } from '../api/get-tenants.ts';
import { OwnerPasswordModal } from './owner-password-modal.tsx';

/**
 * A tenant's console users, for a customer who is locked out (/sa/ous): who they are, their
 * role and state, and a new password the user must change at the next sign-in (/sa/oup). No
 * password or hash is ever shown; each change is in both audit logs.
 */
export function TenantUsersDrawer({ tenant, onClose }: { tenant: TenantRow; onClose: () => void }) {
  const { t } = useTranslation('vendor');
  const { t: tp } = useTranslation('portal');
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [resetting, setResetting] = useState<OwnerUserRow>();
  const query = useOwnerUsers({ ...paging.params, tenantId: tenant.id, keyword: keyword.trim() });
  const columns: TableProps<OwnerUserRow>['columns'] = [
    { title: t('users.account'), dataIndex: 'account' },
    { title: t('users.name'), dataIndex: 'name' },
    { title: t('users.role'), dataIndex: 'roleName', render: (v: string | null) => v ?? '—' },
    {
      title: t('users.state'),
      key: 'state',
      render: (_, u) => (
        <Space size={4} wrap>
          <Tag color={u.status === 'normal' ? TAG.ok : TAG.muted}>{t(`users.${u.status}`)}</Tag>
          {u.adminTag && <Tag color={TAG.info}>{t('users.firstAdmin')}</Tag>}
          {u.mustChangePassword && <Tag color={TAG.warn}>{t('users.mustChange')}</Tag>}
        </Space>
      ),
    },
    { title: t('users.passwordChangedAt'), dataIndex: 'passwordChangedAt', render: formatTime },
    {
      title: t('tenants.actions'),
      key: 'actions',
      className: 'admin-table__actions',
      render: (_, u) =>
        u.status === 'normal' && (
          <Button type="link" size="small" onClick={() => setResetting(u)}>
            {t('users.setPassword')}
          </Button>
        ),
    },
  ];
  return (
    <Drawer open size="large" title={t('users.title', { domain: tenant.domain })} onClose={onClose}>
      <p>{t('users.intro')}</p>
      <div className="list-page__filters" role="search">
        <Input.Search
          aria-label={t('users.search')}
          placeholder={t('users.search')}
          allowClear
          enterButton={tp('actions.search')}
          style={{ maxWidth: 360 }}
          onSearch={(value) => {
            setKeyword(value);
            paging.reset();
          }}
        />
      </div>
      {query.isError && (
        <LoadError
          title={t('users.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      <ListTable<OwnerUserRow>
        plain
        columns={columns}
        dataSource={query.data?.list}
        loading={query.isFetching}
        paging={paging}
        total={query.data?.total}
        emptyText={keyword.trim() ? t('users.emptySearch') : t('users.empty')}
      />
      {resetting && (
        <OwnerPasswordModal
          tenant={tenant}
          user={resetting}
          onClose={() => setResetting(undefined)}
        />
      )}
    </Drawer>
  );
}
