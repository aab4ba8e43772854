import { useEffect } from 'react';
import { DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import '../../../lib/dayjs-locale.ts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { useAllRoles } from '../../admin-common/api/get-role-list.ts';
import { checkRange } from '../../admin-common/lib/date-range.ts';
import { useRoleName } from '../../admin-common/lib/role-name.ts';
import { useAddProxy } from '../api/add-proxy.ts';
import { useEditProxy } from '../api/edit-proxy.ts';
import type { TProxyItem } from '../api/get-proxy-list.ts';
import { UserPicker } from './user-picker.tsx';

interface Values {
  userId: string;
  roleId: string;
  period: [Dayjs | null, Dayjs | null] | null;
}

interface ProxyFormModalProps {
  open: boolean;
  proxy?: TProxyItem;
  onClose: () => void;
}

/** Add or edit a proxy: the user, the role they act with, and the period (start ≤ end). */
export function ProxyFormModal({ open, proxy, onClose }: ProxyFormModalProps) {
  const { t } = useTranslation('adminOrg');
  const roleName = useRoleName();
  const [form] = Form.useForm<Values>();
  const roles = useAllRoles(open);
  const add = useAddProxy();
  const edit = useEditProxy();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (proxy)
      form.setFieldsValue({ ...proxy, period: [dayjs(proxy.startAt), dayjs(proxy.endAt)] });
  }, [open, proxy, form]);

  const submit = async ({ userId, roleId, period }: Values) => {
    const [start, end] = period as [Dayjs, Dayjs];
    const body = { userId, roleId, startAt: start.toISOString(), endAt: end.toISOString() };
    if (proxy) await edit.mutateAsync({ ...body, id: proxy.id });
    else await add.mutateAsync(body);
    onClose();
  };

  return (
    <FormModal
      open={open}
      title={proxy ? t('proxies.editTitle') : t('proxies.addTitle')}
      form={form}
      name="proxy-form"
      pending={add.isPending || edit.isPending}
      onCancel={onClose}
      onSubmit={submit}
    >
      <Form.Item
        name="userId"
        label={t('proxies.user')}
        rules={[{ required: true, message: t('proxies.selectUser') }]}
      >
        <UserPicker
          disabled={!!proxy}
          current={proxy && { id: proxy.userId, label: `${proxy.userName} (${proxy.account})` }}
        />
      </Form.Item>
      <Form.Item
        name="roleId"
        label={t('proxies.role')}
        rules={[{ required: true, message: t('proxies.selectRole') }]}
      >
        <Select
          loading={roles.isLoading}
          options={roles.data?.list
            .filter((r) => r.userType !== 1)
            .map((r) => ({ value: r.id, label: roleName({ name: r.name, key: r.builtInKey }) }))}
        />
      </Form.Item>
      <Form.Item
        name="period"
        label={t('proxies.period')}
        // Its own validator says what is missing; `required` only marks the label.
        required
        rules={[
          {
            validator: (_, value: Values['period']) => {
              const check = checkRange(value);
              if (check === 'ok') return Promise.resolve();
              return Promise.reject(
                new Error(
                  t(check === 'incomplete' ? 'proxies.periodRequired' : 'proxies.rangeInvalid'),
                ),
              );
            },
          },
        ]}
      >
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          style={{ width: '100%' }}
          placeholder={[t('proxies.start'), t('proxies.end')]}
        />
      </Form.Item>
    </FormModal>
  );
}
