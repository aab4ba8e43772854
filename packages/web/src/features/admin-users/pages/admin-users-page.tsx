import { useState } from 'react';
import { Button, Input, Select } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addUser } from '@edp/shared/api/console/users.calls';
import type { TUserItem } from '@edp/shared/contracts/user';
import { USER_STATUSES, type UserStatus } from '@edp/shared/permissions';
import { ListPage } from '../../../components/list-page.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { useUserList } from '../../admin-common/api/get-user-list.ts';
import '../../admin-common/lib/admin-locales.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { GroupTreePanel } from '../components/group-tree-panel.tsx';
import { MoveUsersModal } from '../components/move-users-modal.tsx';
import { ResetPasswordModal } from '../components/reset-password-modal.tsx';
import { UserFormModal } from '../components/user-form-modal.tsx';
import { useUserColumns } from '../components/user-columns.tsx';

/** Users (system duty): group tree, searchable paginated table, add/edit, status, delete, move. */
export default function AdminUsersPage() {
  const { t } = useTranslation('adminOrg');
  const { t: ta } = useTranslation('admin');
  const { t: tm } = useTranslation('menu');
  const canWrite = useMayCall(addUser);
  const [groupId, setGroupId] = useState<string>();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<UserStatus>();
  const paging = usePaging();
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<TUserItem | 'new'>();
  const [resetting, setResetting] = useState<TUserItem>();
  const [moving, setMoving] = useState(false);
  const list = useUserList({ ...paging.params, groupId, keyword: keyword || undefined, status });
  const columns = useUserColumns({ canWrite, onEdit: setEditing, onResetPassword: setResetting });
  const filter = (apply: () => void) => {
    apply();
    setSelected([]);
    paging.reset();
  };

  return (
    <ListPage<TUserItem>
      title={tm('adminUsers')}
      actions={
        canWrite && (
          <Button
            icon={<SwapOutlined />}
            disabled={selected.length === 0}
            onClick={() => setMoving(true)}
          >
            {t('users.move')}
          </Button>
        )
      }
      add={{ label: ta('actions.add'), onClick: () => setEditing('new') }}
      readOnly={!canWrite && ta('readOnly')}
      aside={<GroupTreePanel selected={groupId} onSelect={(id) => filter(() => setGroupId(id))} />}
      filters={
        <>
          <Input.Search
            allowClear
            aria-label={t('users.keyword')}
            placeholder={t('users.keyword')}
            enterButton={ta('actions.search')}
            onSearch={(value) => filter(() => setKeyword(value.trim()))}
            style={{ width: 320 }}
          />
          <Select<UserStatus | ''>
            aria-label={t('users.statusFilter')}
            value={status ?? ''}
            style={{ width: 160 }}
            onChange={(value) => filter(() => setStatus(value || undefined))}
            options={[
              { value: '', label: t('users.allStatuses') },
              ...USER_STATUSES.map((s) => ({ value: s, label: ta(`status.${s}`) })),
            ]}
          />
        </>
      }
      query={list}
      paging={paging}
      columns={columns}
      emptyText={t('users.empty')}
      table={{
        rowSelection: canWrite
          ? {
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys as string[]),
              getCheckboxProps: (u) => ({ 'aria-label': u.account }),
            }
          : undefined,
      }}
    >
      <UserFormModal
        open={!!editing}
        user={editing === 'new' ? undefined : editing}
        defaultGroupId={groupId}
        onClose={() => setEditing(undefined)}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(undefined)} />
      <MoveUsersModal
        ids={selected}
        open={moving}
        onClose={(moved) => {
          setMoving(false);
          if (moved) setSelected([]);
        }}
      />
    </ListPage>
  );
}
