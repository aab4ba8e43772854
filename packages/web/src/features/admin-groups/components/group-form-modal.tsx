import { addGroup } from '@edp/shared/api/console/groups.calls';
import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import type { TGroupItem } from '@edp/shared/contracts/user';
import { NAME_PATTERN } from '@edp/shared/rules';
import { useAddGroup } from '../api/add-group.ts';
import { useEditGroup } from '../api/edit-group.ts';

export type GroupEditing =
  { mode: 'add'; parent?: TGroupItem } | { mode: 'edit'; group: TGroupItem };

interface Values {
  name: string;
  number?: string;
  leader?: string;
}

/** Add a (sub)group or edit one: name, number, person in charge. */
export function GroupFormModal({
  editing,
  onClose,
}: {
  editing?: GroupEditing;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminOrg');
  const { t: ta } = useTranslation('admin');
  const limits = useFieldLimits(addGroup);
  const [form] = Form.useForm<Values>();
  const add = useAddGroup();
  const edit = useEditGroup();

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.mode === 'edit') form.setFieldsValue(editing.group);
  }, [editing, form]);

  const submit = async (values: Values) => {
    const fields = {
      name: values.name,
      number: values.number?.trim() ?? '',
      leader: values.leader?.trim() ?? '',
    };
    if (editing?.mode === 'edit') await edit.mutateAsync({ id: editing.group.id, ...fields });
    else await add.mutateAsync({ ...fields, parentId: editing?.parent?.id ?? null });
    onClose();
  };

  const parent = editing?.mode === 'add' ? editing.parent : undefined;
  return (
    <FormModal
      open={!!editing}
      title={editing?.mode === 'edit' ? t('groups.editTitle') : t('groups.addTitle')}
      form={form}
      name="group-form"
      pending={add.isPending || edit.isPending}
      onCancel={onClose}
      onSubmit={submit}
      before={parent && <p>{t('groups.parentIs', { name: parent.name })}</p>}
    >
      <Form.Item
        name="name"
        label={t('groups.name')}
        rules={[
          { required: true, message: ta('name.required') },
          { pattern: NAME_PATTERN, message: ta('name.invalid') },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="number" label={t('groups.number')} rules={limits('number')}>
        <Input />
      </Form.Item>
      <Form.Item name="leader" label={t('groups.leader')} rules={limits('leader')}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}
