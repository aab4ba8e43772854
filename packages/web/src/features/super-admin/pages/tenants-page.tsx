import { useState } from 'react';
import { Button, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { useTenants, type TenantRow } from '../api/get-tenants.ts';
import { LoadError } from '../components/load-error.tsx';
import { TenantCreateModal } from '../components/tenant-create-modal.tsx';
import { TenantDeleteModal } from '../components/tenant-delete-modal.tsx';
import { TenantEditModal } from '../components/tenant-edit-modal.tsx';
import { TenantTable } from '../components/tenant-table.tsx';
import '../components/vendor-texts.ts';

/**
 * The console's tenants (/sa/tenants): search, what each holds, create (domain and first
 * administrator), edit, activate or deactivate, delete.
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
  const query = useTenants({ ...paging.params, keyword: keyword.trim() });
  return (
    <PageContainer
      title={tm('saTenants')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('tenants.create')}
        </Button>
      }
    >
      <div className="toolbar" role="search">
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
      </div>
      {query.isError && (
        <LoadError
          title={t('tenants.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      <TenantTable
        tenants={query.data?.list}
        loading={query.isFetching}
        pagination={paging.pagination(query.data?.total)}
        emptyText={keyword.trim() ? t('tenants.emptySearch') : t('tenants.empty')}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      {/* Mounted only while open: antd keeps a hidden forceRender dialog first in line for
          Esc, and a fresh mount starts each dialog from a clean form. */}
      {creating && <TenantCreateModal onClose={() => setCreating(false)} />}
      {editing && <TenantEditModal tenant={editing} onClose={() => setEditing(undefined)} />}
      {deleting && <TenantDeleteModal tenant={deleting} onClose={() => setDeleting(undefined)} />}
    </PageContainer>
  );
}
