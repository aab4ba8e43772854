import { Button, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TUserItem } from '@edp/shared/contracts/user';
import { useDeleteUser } from '../api/delete-user.ts';
import { useEditUser } from '../api/edit-user.ts';
import { useRealDeleteUser } from '../api/real-delete-user.ts';
import { useRecoverUser } from '../api/recover-user.ts';
import { ConfirmDeleteButton } from '../../admin-common/components/confirm-delete-button.tsx';
import { useAdminUser } from '../../admin-common/lib/admin-user.ts';

interface UserRowActionsProps {
  user: TUserItem;
  onEdit: (user: TUserItem) => void;
  onResetPassword: (user: TUserItem) => void;
}

/**
 * A user row's changes; disabling and deleting ask first, deleting for good asks twice. On one's
 * own row only editing is offered: the server refuses the rest for oneself (-10079).
 */
export function UserRowActions({ user, onEdit, onResetPassword }: UserRowActionsProps) {
  const { t } = useTranslation('adminOrg');
  const { t: ta } = useTranslation('admin');
  const [modal, holder] = Modal.useModal();
  const edit = useEditUser();
  const del = useDeleteUser();
  const recover = useRecoverUser();
  const realDel = useRealDeleteUser();
  const quiet = (p: Promise<unknown>) => p.catch(() => undefined);
  const label = (action: string) => `${action} ${user.account}`;
  const self = useAdminUser()?.id === user.id;

  if (user.status === 'deleted') {
    const realDelete = async () => {
      const first = await modal.confirm({
        title: t('users.realDelete'),
        content: t('users.realDeleteConfirm', { name: user.account }),
        okText: ta('confirm.ok'),
        cancelText: ta('actions.cancel'),
        okButtonProps: { danger: true },
      });
      if (!first) return;
      const second = await modal.confirm({
        title: t('users.realDelete'),
        content: t('users.realDeleteAgain', { name: user.account }),
        okText: ta('confirm.ok'),
        cancelText: ta('actions.cancel'),
        okButtonProps: { danger: true },
      });
      if (second) await quiet(realDel.mutateAsync({ id: user.id }));
    };
    return (
      <Space size={0} className="admin-table__actions">
        {holder}
        <Button
          type="link"
          size="small"
          aria-label={label(t('users.recover'))}
          onClick={() => void quiet(recover.mutateAsync({ id: user.id }))}
        >
          {t('users.recover')}
        </Button>
        <Button
          type="link"
          size="small"
          danger
          aria-label={label(t('users.realDelete'))}
          onClick={() => void realDelete()}
        >
          {t('users.realDelete')}
        </Button>
      </Space>
    );
  }

  const disabled = user.status === 'disabled';
  const toggle = async () => {
    // Disabling takes access away at once (the user's sessions end): it asks first.
    if (!disabled) {
      const sure = await modal.confirm({
        title: t('users.disable'),
        content: t('users.disableConfirm', { name: user.account }),
        okText: ta('confirm.ok'),
        cancelText: ta('actions.cancel'),
        okButtonProps: { danger: true },
      });
      if (!sure) return;
    }
    await quiet(edit.mutateAsync({ id: user.id, status: disabled ? 'normal' : 'disabled' }));
  };
  return (
    <Space size={0} className="admin-table__actions">
      {holder}
      <Button
        type="link"
        size="small"
        aria-label={label(ta('actions.edit'))}
        onClick={() => onEdit(user)}
      >
        {ta('actions.edit')}
      </Button>
      {!self && (
        <>
          <Button
            type="link"
            size="small"
            aria-label={label(disabled ? t('users.enable') : t('users.disable'))}
            onClick={() => void toggle()}
          >
            {disabled ? t('users.enable') : t('users.disable')}
          </Button>
          <Button
            type="link"
            size="small"
            aria-label={label(t('users.resetPassword'))}
            onClick={() => onResetPassword(user)}
          >
            {t('users.resetPassword')}
          </Button>
          <ConfirmDeleteButton
            label={user.account}
            name={user.account}
            onConfirm={() => del.mutateAsync({ id: user.id })}
          />
        </>
      )}
    </Space>
  );
}
