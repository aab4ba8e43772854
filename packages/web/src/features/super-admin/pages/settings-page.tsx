import { EMAIL_PATTERN } from '@edp/shared/rules';
import { saveSystemSettings } from '@edp/shared/api/portal/vendor.calls';
import { useEffect } from 'react';
import { Button, Form, Input, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container.tsx';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { useSaveSettings, useSystemSettings, type SystemSettings } from '../api/system-settings.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { showServerError } from '../components/server-errors.ts';
import '../components/vendor-texts.ts';

/** Vendor-wide settings (/sa/settings): self-setup of new tenants and their default system name. */
export default function SettingsPage() {
  const { t } = useTranslation('vendor');
  const { t: tm } = useTranslation('menu');
  const [form] = Form.useForm<SystemSettings>();
  const query = useSystemSettings();
  const save = useSaveSettings();
  const limits = useFieldLimits(saveSystemSettings);

  useEffect(() => {
    if (query.data) form.setFieldsValue(query.data);
  }, [query.data, form]);

  const submit = async (values: SystemSettings) => {
    try {
      await save.mutateAsync({
        ownerRegOpen: values.ownerRegOpen,
        defaultSysName: values.defaultSysName?.trim() ?? '',
        supportEmail: values.supportEmail?.trim() ?? '',
        successText: t('settings.saved'),
      });
    } catch (error) {
      showServerError(form, error);
    }
  };

  let body;
  if (query.isError)
    body = (
      <LoadError
        title={t('settings.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.isPending) body = <Skeleton active />;
  else
    body = (
      <Form
        form={form}
        name="system-settings"
        layout="vertical"
        initialValues={query.data}
        onFinish={submit}
        style={{ maxWidth: 560 }}
      >
        <Form.Item
          name="ownerRegOpen"
          label={t('settings.ownerRegOpen')}
          extra={t('settings.ownerRegOpenHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="defaultSysName"
          label={t('settings.defaultSysName')}
          extra={t('settings.defaultSysNameHint')}
          rules={limits('defaultSysName')}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="supportEmail"
          label={t('settings.supportEmail')}
          extra={t('settings.supportEmailHint')}
          rules={[
            { pattern: EMAIL_PATTERN, message: t('tenants.emailInvalid') },
            ...limits('supportEmail'),
          ]}
        >
          <Input inputMode="email" autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('settings.save')}
        </Button>
      </Form>
    );

  return <PageContainer title={tm('saSettings')}>{body}</PageContainer>;
}
