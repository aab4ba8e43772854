import { useEffect, useState } from 'react';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TWarnSettings, TWarnSettingsView } from '@edp/shared/contracts/notify';
import { WARNING_CAUSES, WARNING_CHANNELS, WARN_LIMITS } from '@edp/shared/contracts/notify-values';
import { makeWebhookSecret } from '@edp/shared/webhook-secret';
import { toastSuccess } from '../../../lib/toast.ts';
import { SecretsAgain } from './secrets-again.tsx';

interface Props {
  value: TWarnSettingsView;
  canWrite: boolean;
  saving: boolean;
  onSave: (v: TWarnSettings) => Promise<unknown>;
}

type FormValues = Omit<TWarnSettings, 'webhookSecret'> & { webhookSecret?: string };

/** The form's name, and so the id antd gives the secret's input (its label points at it). */
const FORM_NAME = 'warn-settings';

/** The warning settings: switch, reminders, content, causes, channels and their recipients. */
export function WarnSettingsForm({ value, canWrite, saving, onSave }: Props) {
  const { t } = useTranslation('adminNotify');
  const { t: ta } = useTranslation('admin');
  const [form] = Form.useForm<FormValues>();
  const initial: FormValues = { ...value, webhookSecret: '' };
  useEffect(() => form.setFieldsValue({ ...value, webhookSecret: '' }), [value, form]);
  const channels = Form.useWatch('channels', form) ?? value.channels;
  const webhookUrl = Form.useWatch('webhookUrl', form);
  const webhookSecret = Form.useWatch('webhookSecret', form) ?? '';
  // A secret made here is shown, so that it can be read and copied to the receiver.
  const [secretShown, setSecretShown] = useState(false);
  const [secretMade, setSecretMade] = useState(false);
  const makeSecret = () => {
    form.setFieldsValue({ webhookSecret: makeWebhookSecret() });
    setSecretShown(true);
    setSecretMade(true);
  };
  const copySecret = () =>
    void navigator.clipboard?.writeText(webhookSecret).then(
      () => toastSuccess(ta('actions.copied')),
      () => undefined,
    );
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
      name={FORM_NAME}
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
            label={t('warn.webhookSecret')}
            htmlFor={`${FORM_NAME}_webhookSecret`}
            extra={
              <>
                {t('warn.webhookHelp')}
                {secretMade && <div role="status">{t('warn.secretMade')}</div>}
              </>
            }
          >
            <Flex gap={8} wrap>
              <Form.Item name="webhookSecret" noStyle>
                <Input.Password
                  autoComplete="new-password"
                  maxLength={200}
                  style={{ flex: '1 1 16rem', minWidth: 0 }}
                  visibilityToggle={{ visible: secretShown, onVisibleChange: setSecretShown }}
                  onChange={() => setSecretMade(false)}
                  placeholder={
                    value.webhookSecret.set
                      ? t('sms.keepSecret', { hint: value.webhookSecret.hint })
                      : ''
                  }
                />
              </Form.Item>
              <Button icon={<KeyOutlined aria-hidden />} onClick={makeSecret}>
                {t('warn.makeSecret')}
              </Button>
              <Button
                icon={<CopyOutlined aria-hidden />}
                disabled={!webhookSecret}
                onClick={copySecret}
              >
                {t('warn.copySecret')}
              </Button>
            </Flex>
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
