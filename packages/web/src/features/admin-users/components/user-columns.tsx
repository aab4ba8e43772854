import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TUserItem } from '@edp/shared/contracts/user';
import { UserRowActions } from './user-row-actions.tsx';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { useRoleName } from '../../admin-common/lib/role-name.ts';

const STATUS_COLOR = { normal: TAG.ok, disabled: TAG.warn, deleted: TAG.muted } as const;

interface UserColumnsProps {
  canWrite: boolean;
  onEdit: (user: TUserItem) => void;
  onResetPassword: (user: TUserItem) => void;
}

/** The users table's columns; a writable role gets the row actions. */
export function useUserColumns(props: UserColumnsProps): ColumnsType<TUserItem> {
  const { t } = useTranslation('adminOrg');
  const { t: ta } = useTranslation('admin');
  const roleName = useRoleName();
  const columns: ColumnsType<TUserItem> = [
    {
      title: t('users.account'),
      dataIndex: 'account',
      className: 'admin-table__name',
      render: (account: string, u) => (
        <>
          {account} {u.adminTag && <Tag color={TAG.gold}>{t('users.initialAdmin')}</Tag>}
        </>
      ),
    },
    { title: t('users.name'), dataIndex: 'name', className: 'admin-table__name' },
    { title: t('users.phone'), dataIndex: 'phone' },
    { title: t('users.email'), dataIndex: 'email' },
    { title: t('users.jobNo'), dataIndex: 'jobNo' },
    { title: t('users.duty'), dataIndex: 'duty' },
    {
      title: t('users.role'),
      dataIndex: 'roleName',
      render: (name: TUserItem['roleName'], u) => roleName({ name, key: u.roleKey }),
    },
    { title: t('users.group'), dataIndex: 'groupName' },
    {
      title: t('users.status'),
      dataIndex: 'status',
      render: (s: TUserItem['status']) => <Tag color={STATUS_COLOR[s]}>{ta(`status.${s}`)}</Tag>,
    },
  ];
  if (props.canWrite) {
    columns.push({
      title: ta('actions.actions'),
      key: 'actions',
      className: 'admin-table__actions',
      render: (_, user) => (
        <UserRowActions user={user} onEdit={props.onEdit} onResetPassword={props.onResetPassword} />
      ),
    });
  }
  return columns;
}
