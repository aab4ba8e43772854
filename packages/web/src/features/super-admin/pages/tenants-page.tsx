import { useState } from 'react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { useTenants, type TenantRow } from '../api/get-tenants.ts';
import { TenantCreateModal } from '../components/tenant-create-modal.tsx';
import { TenantDeleteModal } from '../components/tenant-delete-modal.tsx';
import { TenantEditModal } from '../components/tenant-edit-modal.tsx';
import { useTenantColumns } from '../components/tenant-columns.tsx';
import { TenantUsersDrawer } from '../components/tenant-users-drawer.tsx';
import '../components/vendor-texts.ts';

/**
 * The console's tenants (/sa/tenants): search, what each holds, create (domain and first
 * administrator), edit, their users (a new password for one locked out), activate or
 * deactivate, delete.
 */
export default function TenantsPage() {
  const { t } = useTranslation('vendor');
  const { t: tp } = useTranslation('portal');
  const { t: tm } = useTranslation('menu');
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TenantRow>();
  const [deleting, setDeleting] = useState<TenantRow>();
  const [usersOf, setUsersOf] = useState<TenantRow>();
  const query = useTenants({ ...paging.params, keyword: keyword.trim() });
  const columns = useTenantColumns({
    onEdit: setEditing,
    onUsers: setUsersOf,
    onDelete: setDeleting,
  });
  return (
    <ListPage<TenantRow>
      plain
      title={tm('saTenants')}
      add={{ label: t('tenants.create'), onClick: () => setCreating(true) }}
      filters={
        <Input.Search
          aria-label={t('tenants.search')}
          placeholder={t('tenants.search')}
          allowClear
          enterButton={tp('actions.search')}
          style={{ maxWidth: 360 }}
          onSearch={(value) => {
            setKeyword(value);
            paging.reset();
          }}
        />
      }
      loadFailed={t('tenants.loadFailed')}
      query={query}
      paging={paging}
      columns={columns}
      emptyText={keyword.trim() ? t('tenants.emptySearch') : t('tenants.empty')}
      table={{ className: 'tenant-table' }}
    >
      {/* Mounted only while open: antd keeps a hidden forceRender dialog first in line for
          Esc, and a fresh mount starts each dialog from a clean form. */}
      {creating && <TenantCreateModal onClose={() => setCreating(false)} />}
      {editing && <TenantEditModal tenant={editing} onClose={() => setEditing(undefined)} />}
      {usersOf && <TenantUsersDrawer tenant={usersOf} onClose={() => setUsersOf(undefined)} />}
      {deleting && <TenantDeleteModal tenant={deleting} onClose={() => setDeleting(undefined)} />}
    </ListPage>
  );
}
