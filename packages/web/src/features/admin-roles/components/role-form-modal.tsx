import { useEffect } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { MENU_MODES, ROLE_PERMISSIONS } from '@edp/shared/permissions';
import { NAME_PATTERN } from '@edp/shared/rules';
import type { TRoleItem } from '../../admin-common/api/get-role-list.ts';
import { GroupTreeSelect } from '../../admin-common/components/group-tree-select.tsx';
import { useRoleName } from '../../admin-common/lib/role-name.ts';
import { useAddRole, type RoleInput } from '../api/add-role.ts';
import { useEditRole } from '../api/edit-role.ts';

interface RoleFormModalProps {
  open: boolean;
  role?: TRoleItem;
  onClose: () => void;
}

/** Add or edit a role: name, duty (menu mode), permission, associated groups. */
export function RoleFormModal({ open, role, onClose }: RoleFormModalProps) {
  const { t } = useTranslation('adminOrg');
  const { t: ta } = useTranslation('admin');
  const [form] = Form.useForm<RoleInput>();
  const add = useAddRole();
  const edit = useEditRole();
  const roleName = useRoleName();
  const shownName = role && roleName({ name: role.name, key: role.builtInKey });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (role) form.setFieldsValue({ ...role, name: shownName });
  }, [open, role, form, shownName]);

  const submit = async (values: RoleInput) => {
    const groupIds = values.groupIds ?? [];
    if (!role) await add.mutateAsync({ ...values, groupIds });
    // A built-in role keeps its duty, permission and name (shown from its key): only its groups.
    else if (role.builtIn) await edit.mutateAsync({ id: role.id, groupIds });
    else await edit.mutateAsync({ id: role.id, ...values, groupIds });
    onClose();
  };

  return (
    <FormModal
      open={open}
      title={role ? t('roles.editTitle') : t('roles.addTitle')}
      form={form}
      name="role-form"
      pending={add.isPending || edit.isPending}
      onCancel={onClose}
      onSubmit={submit}
      initialValues={{ permission: 'read', groupIds: [] }}
    >
      <Form.Item
        name="name"
        label={t('roles.name')}
        extra={role?.builtIn ? t('roles.builtInNamed') : undefined}
        rules={
          role?.builtIn
            ? []
            : [
                { required: true, message: ta('name.required') },
                { pattern: NAME_PATTERN, message: ta('name.invalid') },
              ]
        }
      >
        <Input disabled={role?.builtIn} />
      </Form.Item>
      <Form.Item
        name="menu"
        label={t('roles.menu')}
        extra={role?.builtIn ? t('roles.builtInLocked') : undefined}
        rules={[{ required: true, message: t('roles.selectMenu') }]}
      >
        <Select
          disabled={role?.builtIn}
          options={MENU_MODES.map((m) => ({ value: m, label: ta(`duties.${m}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="permission"
        label={t('roles.permission')}
        rules={[{ required: true, message: t('roles.selectPermission') }]}
      >
        <Select
          disabled={role?.builtIn}
          options={ROLE_PERMISSIONS.map((p) => ({ value: p, label: ta(`permission.${p}`) }))}
        />
      </Form.Item>
      <Form.Item name="groupIds" label={t('roles.groups')} extra={t('roles.groupsHint')}>
        <GroupTreeSelect multiple />
      </Form.Item>
    </FormModal>
  );
}
