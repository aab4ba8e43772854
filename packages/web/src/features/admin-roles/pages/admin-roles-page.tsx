import { useState } from 'react';
import { Button, Input, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { addRole } from '@edp/shared/api/console/roles.calls';
import { ListPage } from '../../../components/list-page.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { useGroupList } from '../../admin-common/api/get-group-list.ts';
import { useRoleList, type TRoleItem } from '../../admin-common/api/get-role-list.ts';
import { ConfirmDeleteButton } from '../../admin-common/components/confirm-delete-button.tsx';
import '../../admin-common/lib/admin-locales.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useRoleName } from '../../admin-common/lib/role-name.ts';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { useDeleteRole } from '../api/delete-role.ts';
import { RoleFormModal } from '../components/role-form-modal.tsx';

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
    <ListPage<TRoleItem>
      title={tm('adminRoles')}
      add={{ label: ta('actions.add'), onClick: () => setEditing('new') }}
      readOnly={!canWrite && ta('readOnly')}
      filters={
        <Input.Search
          allowClear
          aria-label={t('roles.keyword')}
          placeholder={t('roles.keyword')}
          enterButton={ta('actions.search')}
          onSearch={(v) => {
            setKeyword(v.trim());
            paging.reset();
          }}
          style={{ width: 320 }}
        />
      }
      query={list}
      paging={paging}
      columns={columns}
    >
      <RoleFormModal
        open={!!editing}
        role={editing === 'new' ? undefined : editing}
        onClose={() => setEditing(undefined)}
      />
    </ListPage>
  );
}
