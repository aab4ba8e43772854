import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, Radio, Select, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { setSmsSettings, testSms } from '@edp/shared/api/console/notify.calls';
import type { TSmsSettings, TSmsSettingsView } from '@edp/shared/contracts/notify';
import { PageContainer } from '../../../components/page-container.tsx';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import '../lib/locales.ts';
import { useSaveSms, useSmsSettings, useTestSms } from '../api/notify.ts';
import { SecretsAgain } from '../components/secrets-again.tsx';
import { FieldList, type FieldRow } from '../components/sms-field-list.tsx';

const CLOUD_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

interface FormValues {
  mode: TSmsSettings['mode'];
  channel: string;
  method: 'GET' | 'POST';
  contentType: 'json' | 'form';
  url: string;
  headers: FieldRow[];
  params: FieldRow[];
  endpoint: string;
  signName: string;
  keyId: string;
  key: string;
  templateCode: string;
  templateType: 'code' | 'notice';
  phone: string;
}

const rowsOf = (fields: NonNullable<TSmsSettingsView['http']>['headers']): FieldRow[] =>
  fields.map((f) => ({ key: f.key, value: f.value, secret: f.secret, hint: f.shown?.hint }));

function formOf(v: TSmsSettingsView): FormValues {
  return {
    mode: v.mode,
    channel: v.http?.channel ?? '',
    method: v.http?.method ?? 'POST',
    contentType: v.http?.contentType ?? 'json',
    url: v.http?.url ?? '',
    headers: v.http ? rowsOf(v.http.headers) : [],
    params: v.http
      ? rowsOf(v.http.params)
      : [
          { key: 'mobile', value: '#m#', secret: false },
          { key: 'content', value: '#c#', secret: false },
        ],
    endpoint: v.cloud?.endpoint ?? CLOUD_ENDPOINT,
    signName: v.cloud?.signName ?? '',
    keyId: v.cloud?.keyId ?? '',
    key: '',
    templateCode: v.cloud?.templateCode ?? '',
    templateType: v.cloud?.templateType ?? 'code',
    phone: v.phone,
  };
}

function bodyOf(f: FormValues): TSmsSettings {
  const fields = (rows: FieldRow[] = []) =>
    rows.map(({ key, value, secret }) => ({ key, value: value ?? '', secret: Boolean(secret) }));
  return {
    mode: f.mode,
    // A gateway not chosen is kept when it was filled in, so switching back finds it.
    http: f.url
      ? {
          channel: f.channel,
          method: f.method,
          contentType: f.contentType,
          url: f.url,
          headers: fields(f.headers),
          params: fields(f.params),
        }
      : null,
    cloud:
      f.mode === 'cloud' || f.keyId
        ? {
            endpoint: f.endpoint,
            signName: f.signName,
            keyId: f.keyId,
            key: f.key ?? '',
            templateCode: f.templateCode,
            templateType: f.templateType,
          }
        : null,
    phone: f.phone ?? '',
  };
}

/**
 * SMS settings (system configuration, docs/notifications.md): no SMS, an HTTP gateway or cloud
 * SMS; the bound phone; a test that sends a code through what is saved.
 */
export default function AdminSmsSettingsPage() {
  const { t } = useTranslation('adminNotify');
  const { t: ta } = useTranslation('admin');
  const { t: tm } = useTranslation('menu');
  const canWrite = useMayCall(setSmsSettings);
  const canTest = useMayCall(testSms);
  const settings = useSmsSettings();
  const save = useSaveSms();
  const test = useTestSms();
  const [form] = Form.useForm<FormValues>();
  const [testTo, setTestTo] = useState('');
  const [tested, setTested] = useState<string | null>(null);
  const mode = Form.useWatch('mode', form);
  const url = Form.useWatch('url', form);
  const endpoint = Form.useWatch('endpoint', form);
  useEffect(() => {
    if (settings.data) form.setFieldsValue(formOf(settings.data));
  }, [settings.data, form]);
  const v = settings.data;
  // The secrets saved for the gateway's address: they do not follow it to another one.
  const storedSecrets = [...(v?.http?.headers ?? []), ...(v?.http?.params ?? [])]
    .filter((f) => f.secret && f.shown?.set)
    .map((f) => f.key);

  return (
    <PageContainer title={tm('adminSmsSettings')}>
      <Typography.Paragraph type="secondary">{t('sms.intro')}</Typography.Paragraph>
      {!canWrite && <Typography.Paragraph>{ta('readOnly')}</Typography.Paragraph>}
      {!v ? (
        <Spin />
      ) : (
        <Card size="small">
          <Form<FormValues>
            form={form}
            layout="vertical"
            name="sms-settings"
            initialValues={formOf(v)}
            disabled={!canWrite}
            onFinish={(f) => void save.mutateAsync(bodyOf(f)).catch(() => undefined)}
          >
            <Form.Item name="mode" label={t('sms.mode')}>
              <Radio.Group
                optionType="button"
                options={(['off', 'http', 'cloud'] as const).map((m) => ({
                  value: m,
                  label: t(`sms.modes.${m}`),
                }))}
              />
            </Form.Item>
            <div hidden={mode !== 'http'}>
              <Form.Item
                name="channel"
                label={t('sms.channel')}
                rules={[{ required: mode === 'http' }]}
              >
                <Input maxLength={50} />
              </Form.Item>
              <Space wrap>
                <Form.Item name="method" label={t('sms.method')}>
                  <Select style={{ width: 120 }} options={[{ value: 'POST' }, { value: 'GET' }]} />
                </Form.Item>
                <Form.Item name="contentType" label={t('sms.contentType')}>
                  <Select
                    style={{ width: 120 }}
                    options={(['json', 'form'] as const).map((c) => ({
                      value: c,
                      label: t(`sms.contentTypes.${c}`),
                    }))}
                  />
                </Form.Item>
              </Space>
              <Form.Item name="url" label={t('sms.url')} rules={[{ required: mode === 'http' }]}>
                <Input placeholder="https://sms.example.com/send" maxLength={2000} />
              </Form.Item>
              <SecretsAgain before={v.http?.url} now={url} fields={storedSecrets} />
              <Form.Item label={t('sms.headers')}>
                <FieldList name="headers" add={t('sms.addHeader')} />
              </Form.Item>
              <Form.Item label={t('sms.params')}>
                <FieldList name="params" add={t('sms.addParam')} />
              </Form.Item>
            </div>
            <div hidden={mode !== 'cloud'}>
              <Form.Item
                name="endpoint"
                label={t('sms.endpoint')}
                rules={[{ required: mode === 'cloud' }]}
              >
                <Input maxLength={2000} />
              </Form.Item>
              <SecretsAgain
                before={v.cloud?.endpoint}
                now={endpoint}
                fields={v.cloud?.key.set ? [t('sms.cloudKey')] : []}
              />
              <Form.Item
                name="signName"
                label={t('sms.signName')}
                rules={[{ required: mode === 'cloud' }]}
              >
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item
                name="keyId"
                label={t('sms.keyId')}
                rules={[{ required: mode === 'cloud' }]}
              >
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="key" label={t('sms.cloudKey')}>
                <Input.Password
                  autoComplete="new-password"
                  placeholder={
                    v.cloud?.key.set ? t('sms.keepSecret', { hint: v.cloud.key.hint }) : ''
                  }
                />
              </Form.Item>
              <Form.Item
                name="templateCode"
                label={t('sms.templateCode')}
                rules={[{ required: mode === 'cloud' }]}
              >
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="templateType" label={t('sms.templateType')}>
                <Radio.Group
                  options={(['code', 'notice'] as const).map((c) => ({
                    value: c,
                    label: t(`sms.templateTypes.${c}`),
                  }))}
                />
              </Form.Item>
            </div>
            <Form.Item name="phone" label={t('sms.phone')} extra={t('sms.phoneHelp')}>
              <Input maxLength={20} inputMode="tel" />
            </Form.Item>
            {canWrite && (
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('sms.save')}
              </Button>
            )}
          </Form>
          {v.updatedBy && v.updatedAt && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
              {t('sms.updated', {
                by: v.updatedBy,
                at: dayjs(v.updatedAt).format('YYYY-MM-DD HH:mm'),
              })}
            </Typography.Paragraph>
          )}
        </Card>
      )}
      {canTest && v && v.mode !== 'off' && (
        <Card size="small" title={t('sms.test')} style={{ marginTop: 16 }}>
          <Space wrap>
            <Input
              aria-label={t('sms.testTo')}
              placeholder={v.phone || t('sms.testTo')}
              value={testTo}
              onChange={(e) => setTestTo(e.target.value)}
              style={{ width: 200 }}
              inputMode="tel"
            />
            <Button
              loading={test.isPending}
              onClick={() =>
                void test
                  .mutateAsync(testTo ? { phone: testTo } : {})
                  .then((r) => setTested(t('sms.tested', { status: r.status, ms: r.ms })))
                  .catch(() => setTested(null))
              }
            >
              {t('sms.test')}
            </Button>
          </Space>
          {tested && (
            <Typography.Paragraph role="status" style={{ marginTop: 8 }}>
              {tested}
            </Typography.Paragraph>
          )}
        </Card>
      )}
    </PageContainer>
  );
}
