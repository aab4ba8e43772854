import { setupTenant } from '@edp/shared/api/console/setup.calls';
import { ConsoleErr } from '@edp/shared/errors/console';
import { PortalErr } from '@edp/shared/errors/portal';
import { EMAIL_PATTERN, NAME_PATTERN, PHONE_PATTERN } from '@edp/shared/rules';
import { Alert, Divider, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordRules } from '../../../components/password-rules.ts';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { DEFAULT_PASSWORD_POLICY } from '@edp/shared/rules';
import { useCreateTenant, type TenantCreateValues } from '../api/create-tenant.ts';
import { showServerError } from './server-errors.ts';
import { companyRules, domainRules } from './tenant-rules.ts';

interface TenantCreateModalProps {
  onClose: () => void;
}

/**
 * A new tenant: its domain and names, and its first system administrator, who holds every
 * duty until the tenant adds the others (docs/product.md §6). Mounted only while open (see
 * tenants-page.tsx), so each opening starts with an empty form.
 */
export function TenantCreateModal({ onClose }: TenantCreateModalProps) {
  const { t } = useTranslation('vendor');
  const [form] = Form.useForm<TenantCreateValues>();
  const create = useCreateTenant();
  const limits = useFieldLimits(setupTenant);
  const [min, max] = DEFAULT_PASSWORD_POLICY.range;
  const required = (field: string) => ({
    required: true,
    message: t('tenants.required', { field }),
  });
  const passwords = passwordRules(
    {
      required: t('tenants.required', { field: t('tenants.password') }),
      rule: t('tenants.passwordRule', { min, max }),
      repeatRequired: t('tenants.repeatRequired'),
      mismatch: t('tenants.mismatch'),
    },
    DEFAULT_PASSWORD_POLICY,
    ['admin', 'password'],
  );

  const submit = async (values: TenantCreateValues) => {
    try {
      await create.mutateAsync({ ...values, successText: t('tenants.created') });
      onClose();
    } catch (error) {
      showServerError(form, error, {
        [ConsoleErr.DomainExists]: ['domain'],
        [PortalErr.PasswordCommon]: ['admin', 'password'],
      });
    }
  };

  return (
    <Modal
      open
      title={t('tenants.createTitle')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
    >
      <Form form={form} name="tenant-create" layout="vertical" onFinish={submit}>
        <Form.Item
          name="domain"
          label={t('tenants.domain')}
          extra={t('tenants.domainHint')}
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
        <Form.Item
          name="sysName"
          label={t('tenants.sysName')}
          extra={t('tenants.sysNameHint')}
          rules={limits('sysName')}
        >
          <Input />
        </Form.Item>
        <Divider titlePlacement="start">{t('tenants.admin')}</Divider>
        <Alert type="info" showIcon title={t('tenants.adminHint')} style={{ marginBottom: 16 }} />
        <Form.Item
          name={['admin', 'account']}
          label={t('tenants.adminAccount')}
          rules={[
            required(t('tenants.adminAccount')),
            { pattern: /^\S{1,64}$/, message: t('tenants.accountInvalid') },
            ...limits('admin.account'),
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name={['admin', 'name']}
          label={t('tenants.adminName')}
          rules={[
            required(t('tenants.adminName')),
            { pattern: NAME_PATTERN, message: t('tenants.nameInvalid') },
            ...limits('admin.name'),
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name={['admin', 'password']}
          label={t('tenants.password')}
          rules={passwords.password}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name={['admin', 'repeatPassword']}
          label={t('repeatPassword')}
          dependencies={[['admin', 'password']]}
          rules={passwords.repeat}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name={['admin', 'email']}
          label={t('tenants.email')}
          rules={[
            { pattern: EMAIL_PATTERN, message: t('tenants.emailInvalid') },
            ...limits('admin.email'),
          ]}
        >
          <Input inputMode="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name={['admin', 'phone']}
          label={t('tenants.phone')}
          rules={[
            { pattern: PHONE_PATTERN, message: t('tenants.phoneInvalid') },
            ...limits('admin.phone'),
          ]}
        >
          <Input inputMode="tel" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
