import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { GroupTreeSelect } from '../../admin-common/components/group-tree-select.tsx';

export interface MoveModalProps {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onPick: (groupId: string) => Promise<void>;
}

/** The dialog that asks for the group to move devices to; the preview comes after it. */
export function MoveModal({ open, pending, onCancel, onPick }: MoveModalProps) {
  const { t } = useTranslation('adminDevices');
  const [form] = Form.useForm<{ groupId: string }>();
  return (
    <FormModal
      open={open}
      title={t('bulk.titles.move')}
      form={form}
      name="move-devices"
      pending={pending}
      onCancel={onCancel}
      onSubmit={async ({ groupId }) => {
        form.resetFields();
        await onPick(groupId);
      }}
    >
      <Form.Item
        name="groupId"
        label={t('bulk.targetGroup')}
        rules={[{ required: true, message: t('bulk.selectGroup') }]}
      >
        <GroupTreeSelect />
      </Form.Item>
    </FormModal>
  );
}
