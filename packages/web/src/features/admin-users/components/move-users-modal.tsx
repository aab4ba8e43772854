import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
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
  const { t: ta } = useTranslation('admin');
  const [form] = Form.useForm<{ groupId: string | null }>();
  const move = useMoveUsers();

  const submit = async ({ groupId }: { groupId: string | null }) => {
    await move.mutateAsync({ ids, groupId: groupId ?? null });
    form.resetFields();
    onClose(true);
  };

  return (
    <Modal
      open={open}
      title={t('users.moveTitle', { count: ids.length })}
      okText={ta('actions.save')}
      cancelText={ta('actions.cancel')}
      confirmLoading={move.isPending}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        name="move-users"
        onFinish={(v) => void submit(v).catch(() => undefined)}
      >
        <Form.Item name="groupId" label={t('users.targetGroup')}>
          <GroupTreeSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}
