import { editTenant } from '@edp/shared/api/portal/tenants.calls';
import { ConsoleErr } from '@edp/shared/errors/console';
import { PortalErr } from '@edp/shared/errors/portal';
import { Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { useEditTenant } from '../api/edit-tenant.ts';
import type { TenantRow } from '../api/get-tenants.ts';
import { CustomerSelect } from './customer-select.tsx';
import { showServerError } from './server-errors.ts';
import { companyRules, domainRules } from './tenant-rules.ts';

type EditValues = Pick<TenantRow, 'domain' | 'company' | 'sysName' | 'sms'> & {
  companyId: string | null;
};

interface TenantEditModalProps {
  tenant: TenantRow;
  onClose: () => void;
}

/**
 * A tenant's domain, company, customer, system name and SMS login codes. Mounted only while open (see
 * tenants-page.tsx), so the form starts from the tenant every time.
 */
export function TenantEditModal({ tenant, onClose }: TenantEditModalProps) {
  const { t } = useTranslation('vendor');
  const [form] = Form.useForm<EditValues>();
  const edit = useEditTenant();
  const limits = useFieldLimits(editTenant);

  const submit = async (values: EditValues) => {
    try {
      await edit.mutateAsync({
        id: tenant.id,
        domain: values.domain.trim().toLowerCase(),
        company: values.company.trim(),
        sysName: values.sysName.trim(),
        sms: values.sms,
        companyId: values.companyId ?? null,
        successText: t('tenants.saved'),
      });
      onClose();
    } catch (error) {
      showServerError(form, error, {
        [ConsoleErr.DomainExists]: ['domain'],
        [PortalErr.CustomerNotFound]: ['companyId'],
      });
    }
  };

  return (
    <Modal
      open
      title={t('tenants.editTitle', { name: tenant.company })}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={edit.isPending}
    >
      <Form
        form={form}
        name="tenant-edit"
        layout="vertical"
        initialValues={{ ...tenant, companyId: tenant.customer?.id ?? null }}
        onFinish={submit}
      >
        <Form.Item
          name="domain"
          label={t('tenants.domain')}
          extra={t('tenants.domainChangeHint')}
          rules={[...domainRules(t), ...limits('domain')]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="company"
          label={t('tenants.company')}
          rules={[...companyRules(t), ...limits('company')]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="companyId" label={t('tenants.customer')} extra={t('tenants.customerHint')}>
          <CustomerSelect current={tenant.customer} />
        </Form.Item>
        <Form.Item name="sysName" label={t('tenants.sysName')} rules={limits('sysName')}>
          <Input />
        </Form.Item>
        <Form.Item
          name="sms"
          label={t('tenants.sms')}
          extra={t('tenants.smsHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
