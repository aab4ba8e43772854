import { addUser } from '@edp/shared/api/console/users.calls';
import { useEffect } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import type { TUserItem } from '@edp/shared/contracts/user';
import { EMAIL_PATTERN, NAME_PATTERN, PHONE_PATTERN } from '@edp/shared/rules';
import { useAllRoles } from '../../admin-common/api/get-role-list.ts';
import { GroupTreeSelect } from '../../admin-common/components/group-tree-select.tsx';
import { passwordRules, policyOf } from '../../admin-common/lib/password-policy.ts';
import { useRoleName } from '../../admin-common/lib/role-name.ts';
import { useTenantInfo } from '../../tenant/api/get-tenant-info.ts';
import { useAddUser, type UserAddInput } from '../api/add-user.ts';
import { useEditUser } from '../api/edit-user.ts';

interface UserFormModalProps {
  open: boolean;
  /** The user to edit; none: add a user. */
  user?: TUserItem;
  defaultGroupId?: string;
  onClose: () => void;
}

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** Add or edit a user: name, account, mobile, e-mail, job number, title, role, group. */
export function UserFormModal({ open, user, defaultGroupId, onClose }: UserFormModalProps) {
  const { t } = useTranslation('adminOrg');
  const { t: ta } = useTranslation('admin');
  const roleName = useRoleName();
  const [form] = Form.useForm<UserAddInput>();
  const roles = useAllRoles(open);
  const owner = useTenantInfo();
  const add = useAddUser();
  const edit = useEditUser();
  const req = (field: string) => ({ required: true, message: ta('profile.required', { field }) });
  // Adding and editing share the fields and their limits.
  const limits = useFieldLimits(addUser);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user)
      form.setFieldsValue({
        ...user,
        roleId: user.roleId ?? undefined,
        phone: user.phone ?? '',
        email: user.email ?? '',
      });
    else if (defaultGroupId) form.setFieldsValue({ groupId: defaultGroupId });
  }, [open, user, defaultGroupId, form]);

  const submit = async (values: UserAddInput) => {
    const fields = {
      name: values.name,
      roleId: values.roleId,
      groupId: values.groupId ?? null,
      phone: blankToNull(values.phone),
      email: blankToNull(values.email),
      jobNo: values.jobNo?.trim() ?? '',
      duty: values.duty?.trim() ?? '',
    };
    if (user) await edit.mutateAsync({ id: user.id, ...fields });
    else await add.mutateAsync({ ...fields, account: values.account, password: values.password });
    onClose();
  };

  return (
    <FormModal
      open={open}
      title={user ? t('users.editTitle') : t('users.addTitle')}
      form={form}
      name="user-form"
      pending={add.isPending || edit.isPending}
      onCancel={onClose}
      onSubmit={submit}
    >
      <Form.Item
        name="name"
        label={t('users.name')}
        rules={[
          req(t('users.name')),
          { pattern: NAME_PATTERN, message: ta('name.invalid') },
          ...limits('name'),
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="account"
        label={t('users.account')}
        rules={
          user
            ? []
            : [
                req(t('users.account')),
                { pattern: /^\S{1,64}$/, message: ta('account.invalid') },
                ...limits('account'),
              ]
        }
      >
        <Input disabled={!!user} autoComplete="off" />
      </Form.Item>
      {!user && (
        <Form.Item
          name="password"
          label={t('users.password')}
          extra={t('users.passwordHint')}
          rules={passwordRules(
            ta,
            policyOf(owner.data?.loginSet.pwdMatch),
            ta('profile.required', { field: t('users.password') }),
          )}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      )}
      <Form.Item
        name="roleId"
        label={t('users.role')}
        rules={[{ required: true, message: t('users.selectRole') }]}
      >
        <Select
          loading={roles.isLoading}
          options={roles.data?.list.map((r) => ({
            value: r.id,
            label: roleName({ name: r.name, key: r.builtInKey }),
          }))}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item name="groupId" label={t('users.group')}>
        <GroupTreeSelect />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('users.phone')}
        rules={[{ pattern: PHONE_PATTERN, message: ta('phone.invalid') }, ...limits('phone')]}
      >
        <Input inputMode="tel" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('users.email')}
        rules={[{ pattern: EMAIL_PATTERN, message: ta('email.invalid') }, ...limits('email')]}
      >
        <Input inputMode="email" />
      </Form.Item>
      <Form.Item name="jobNo" label={t('users.jobNo')} rules={limits('jobNo')}>
        <Input />
      </Form.Item>
      <Form.Item name="duty" label={t('users.duty')} rules={limits('duty')}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}
