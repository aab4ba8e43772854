import { useState } from 'react';
import { Alert, Button, Input, Select, Space } from 'antd';
import { PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TUserItem } from '@edp/shared/contracts/user';
import { USER_STATUSES, type UserStatus } from '@edp/shared/permissions';
import { PageContainer } from '../../../components/page-container.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { useUserList } from '../../admin-common/api/get-user-list.ts';
import '../../admin-common/lib/admin-locales.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { GroupTreePanel } from '../components/group-tree-panel.tsx';
import { MoveUsersModal } from '../components/move-users-modal.tsx';
import { ResetPasswordModal } from '../components/reset-password-modal.tsx';
import { UserFormModal } from '../components/user-form-modal.tsx';
import { UserTable } from '../components/user-table.tsx';
import './admin-users-page.css';
import { addUser } from '@edp/shared/api/console/users.calls';

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
  const filter = (apply: () => void) => {
    apply();
    setSelected([]);
    paging.reset();
  };

  return (
    <PageContainer
      title={tm('adminUsers')}
      extra={
        canWrite && (
          <Space wrap>
            <Button
              icon={<SwapOutlined />}
              disabled={selected.length === 0}
              onClick={() => setMoving(true)}
            >
              {t('users.move')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {ta('actions.add')}
            </Button>
          </Space>
        )
      }
    >
      {!canWrite && (
        <Alert type="info" showIcon title={ta('readOnly')} style={{ marginBottom: 16 }} />
      )}
      <div className="admin-users">
        <aside className="admin-users__tree">
          <GroupTreePanel selected={groupId} onSelect={(id) => filter(() => setGroupId(id))} />
        </aside>
        <div className="admin-users__main">
          <Space wrap style={{ marginBottom: 16 }}>
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
          </Space>
          <UserTable
            data={list.data}
            loading={list.isFetching}
            page={paging.shown}
            onPage={paging.change}
            canWrite={canWrite}
            selected={selected}
            onSelect={setSelected}
            onEdit={setEditing}
            onResetPassword={setResetting}
          />
        </div>
      </div>
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
    </PageContainer>
  );
}
