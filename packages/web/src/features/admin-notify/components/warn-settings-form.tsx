import { useEffect } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  WARNING_CAUSES,
  WARNING_CHANNELS,
  WARN_LIMITS,
  type TWarnSettings,
  type TWarnSettingsView,
} from '@edp/shared/contracts/notify';
import { SecretsAgain } from './secrets-again.tsx';

interface Props {
  value: TWarnSettingsView;
  canWrite: boolean;
  saving: boolean;
  onSave: (v: TWarnSettings) => Promise<unknown>;
}

type FormValues = Omit<TWarnSettings, 'webhookSecret'> & { webhookSecret?: string };

/** The warning settings: switch, reminders, content, causes, channels and their recipients. */
export function WarnSettingsForm({ value, canWrite, saving, onSave }: Props) {
  const { t } = useTranslation('adminNotify');
  const [form] = Form.useForm<FormValues>();
  const initial: FormValues = { ...value, webhookSecret: '' };
  useEffect(() => form.setFieldsValue({ ...value, webhookSecret: '' }), [value, form]);
  const channels = Form.useWatch('channels', form) ?? value.channels;
  const webhookUrl = Form.useWatch('webhookUrl', form);
  const number = (name: keyof typeof WARN_LIMITS & keyof FormValues) => (
    <Form.Item name={name} label={t(`warn.${name}`)} rules={[{ required: true }]}>
      <InputNumber
        min={WARN_LIMITS[name].min}
        max={WARN_LIMITS[name].max}
        precision={0}
        style={{ width: 140 }}
      />
    </Form.Item>
  );

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      name="warn-settings"
      initialValues={initial}
      disabled={!canWrite}
      // Every value, not only the shown fields' (a channel's recipients stay while it is off).
      onFinish={() => {
        const f = form.getFieldsValue(true) as FormValues;
        void onSave({ ...f, webhookSecret: f.webhookSecret ?? '' }).catch(() => undefined);
      }}
    >
      <Form.Item name="enabled" label={t('warn.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Space wrap size="large">
        {number('maxReminders')}
        {number('intervalMinutes')}
        {number('offlineMinutes')}
      </Space>
      <Form.Item name="text" label={t('warn.text')} extra={t('warn.textHelp')}>
        <Input maxLength={200} />
      </Form.Item>
      <Space wrap size="large">
        <Form.Item name="language" label={t('warn.language')}>
          <Select
            style={{ width: 140 }}
            options={[
              { value: 'zh-CN', label: '简体中文' },
              { value: 'en-US', label: 'English' },
            ]}
          />
        </Form.Item>
        <Form.Item name="timeZone" label={t('warn.timeZone')} rules={[{ required: true }]}>
          <Input maxLength={64} style={{ width: 200 }} />
        </Form.Item>
      </Space>
      <Form.Item name="causes" label={t('warn.causes')}>
        <Checkbox.Group
          options={WARNING_CAUSES.map((c) => ({ value: c, label: t(`warn.causeNames.${c}`) }))}
        />
      </Form.Item>
      <Form.Item name="channels" label={t('warn.channels')}>
        <Checkbox.Group
          options={WARNING_CHANNELS.map((c) => ({ value: c, label: t(`warn.channelNames.${c}`) }))}
        />
      </Form.Item>
      {channels.includes('sms') && (
        <Form.Item name="phones" label={t('warn.phones')} extra={t('warn.recipientsHelp')}>
          <Select
            mode="tags"
            open={false}
            maxCount={WARN_LIMITS.recipients}
            tokenSeparators={[',', ' ']}
          />
        </Form.Item>
      )}
      {channels.includes('email') && (
        <Form.Item name="emails" label={t('warn.emails')} extra={t('warn.recipientsHelp')}>
          <Select
            mode="tags"
            open={false}
            maxCount={WARN_LIMITS.recipients}
            tokenSeparators={[',', ' ']}
          />
        </Form.Item>
      )}
      {channels.includes('webhook') && (
        <>
          <Form.Item name="webhookUrl" label={t('warn.webhookUrl')}>
            <Input maxLength={2000} placeholder="https://hooks.example.com/edp" />
          </Form.Item>
          <SecretsAgain
            before={value.webhookUrl}
            now={webhookUrl}
            fields={value.webhookSecret.set ? [t('warn.webhookSecret')] : []}
          />
          <Form.Item
            name="webhookSecret"
            label={t('warn.webhookSecret')}
            extra={t('warn.webhookHelp')}
          >
            <Input.Password
              autoComplete="new-password"
              maxLength={200}
              placeholder={
                value.webhookSecret.set
                  ? t('sms.keepSecret', { hint: value.webhookSecret.hint })
                  : ''
              }
            />
          </Form.Item>
        </>
      )}
      {canWrite && (
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('warn.save')}
        </Button>
      )}
    </Form>
  );
}
