import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { GroupTreeSelect } from '../../admin-common/components/group-tree-select.tsx';
import { useMoveUsers } from '../api/move-users.ts';

interface MoveUsersModalProps {
  ids: string[];
  open: boolean;
  onClose: (moved: boolean) => void;
}

/** Moves the selected users to another group (or to none). */
export function MoveUsersModal({ ids, open, onClose }: MoveUsersModalProps) {
  const { t } = useTranslation('adminOrg');
  const [form] = Form.useForm<{ groupId: string | null }>();
  const move = useMoveUsers();

  const submit = async ({ groupId }: { groupId: string | null }) => {
    await move.mutateAsync({ ids, groupId: groupId ?? null });
    form.resetFields();
    onClose(true);
  };

  return (
    <FormModal
      open={open}
      title={t('users.moveTitle', { count: ids.length })}
      form={form}
      name="move-users"
      pending={move.isPending}
      onCancel={() => onClose(false)}
      onSubmit={submit}
    >
      <Form.Item name="groupId" label={t('users.targetGroup')}>
        <GroupTreeSelect />
      </Form.Item>
    </FormModal>
  );
}
