import { useState } from 'react';
import { Alert, Button, Input, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { useGroupList } from '../../admin-common/api/get-group-list.ts';
import { useRoleList, type TRoleItem } from '../../admin-common/api/get-role-list.ts';
import '../../admin-common/lib/admin-locales.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useRoleName } from '../../admin-common/lib/role-name.ts';
import { useDeleteRole } from '../api/delete-role.ts';
import { RoleFormModal } from '../components/role-form-modal.tsx';
import { ListTable } from '../../admin-common/components/list-table.tsx';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { ConfirmDeleteButton } from '../../admin-common/components/confirm-delete-button.tsx';
import { addRole } from '@edp/shared/api/console/roles.calls';

/** Roles (system duty): table with search, add/edit modal, delete with confirmation. */
export default function AdminRolesPage() {
  const { t } = useTranslation('adminOrg');
  const { t: ta } = useTranslation('admin');
  const { t: tm } = useTranslation('menu');
  const canWrite = useMayCall(addRole);
  const [keyword, setKeyword] = useState('');
  const paging = usePaging();
  const [editing, setEditing] = useState<TRoleItem | 'new'>();
  const list = useRoleList({ ...paging.params, keyword: keyword || undefined });
  const groups = useGroupList();
  const del = useDeleteRole();
  const roleName = useRoleName();
  const groupName = new Map(groups.data?.list.map((g) => [g.id, g.name]));

  const columns: ColumnsType<TRoleItem> = [
    {
      title: t('roles.name'),
      dataIndex: 'name',
      render: (name: string, r) => (
        <>
          {roleName({ name, key: r.builtInKey })}{' '}
          {r.builtIn && <Tag color={TAG.info}>{t('roles.builtIn')}</Tag>}
        </>
      ),
    },
    {
      title: t('roles.menu'),
      dataIndex: 'menu',
      render: (m: TRoleItem['menu'], r) =>
        r.userType === 1 ? ta('home.super') : ta(`duties.${m}`),
    },
    {
      title: t('roles.permission'),
      dataIndex: 'permission',
      render: (p: TRoleItem['permission']) => ta(`permission.${p}`),
    },
    {
      title: t('roles.groups'),
      dataIndex: 'groupIds',
      render: (ids: string[]) => ids.map((id) => groupName.get(id) ?? id).join(', '),
    },
    { title: t('roles.users'), dataIndex: 'userCount' },
  ];
  if (canWrite)
    columns.push({
      title: ta('actions.actions'),
      key: 'actions',
      className: 'admin-table__actions',
      render: (_, role) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            aria-label={`${ta('actions.edit')} ${role.name}`}
            onClick={() => setEditing(role)}
          >
            {ta('actions.edit')}
          </Button>
          {!role.builtIn && (
            <ConfirmDeleteButton
              label={role.name}
              name={role.name}
              onConfirm={() => del.mutateAsync({ id: role.id })}
            />
          )}
        </Space>
      ),
    });

  return (
    <PageContainer
      title={tm('adminRoles')}
      extra={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {ta('actions.add')}
          </Button>
        )
      }
    >
      {!canWrite && (
        <Alert type="info" showIcon title={ta('readOnly')} style={{ marginBottom: 16 }} />
      )}
      <Input.Search
        allowClear
        aria-label={t('roles.keyword')}
        placeholder={t('roles.keyword')}
        enterButton={ta('actions.search')}
        onSearch={(v) => {
          setKeyword(v.trim());
          paging.reset();
        }}
        style={{ width: 320, marginBottom: 16 }}
      />
      <ListTable<TRoleItem>
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list}
        paging={{ ...paging, total: list.data?.total }}
      />
      <RoleFormModal
        open={!!editing}
        role={editing === 'new' ? undefined : editing}
        onClose={() => setEditing(undefined)}
      />
    </PageContainer>
  );
}
