import { saveLoginSettings } from '@edp/shared/api/console/login.calls';
import { useEffect } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Space, Switch } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLoginSettings } from '@edp/shared/contracts/login';
import { checkRange } from '../../admin-common/lib/date-range.ts';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { isValidPattern } from '../lib/settings-values.ts';

interface LoginSettingsFormProps {
  value: TLoginSettings;
  canWrite: boolean;
  saving: boolean;
  onSave: (settings: TLoginSettings) => void;
}

const CLASSES = ['upper', 'lower', 'number', 'special'] as const;

interface ClassesFieldProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  options: { value: string; label: string }[];
}

/** The class checkboxes without the aria-required Form.Item adds (not allowed on a group). */
function ClassesField({ id, value, onChange, options }: ClassesFieldProps) {
  return (
    <div id={id}>
      <Checkbox.Group value={value} onChange={onChange} options={options} />
    </div>
  );
}

/** Captcha, password policy (classes, length range, custom rule), expiry, lockout, login codes. */
export function LoginSettingsForm({ value, canWrite, saving, onSave }: LoginSettingsFormProps) {
  const { t } = useTranslation('adminAudit');
  const { t: ta } = useTranslation('admin');
  const [form] = Form.useForm<TLoginSettings>();
  useEffect(() => form.setFieldsValue(value), [value, form]);

  const rangeRule: FormRule = ({ getFieldValue }) => ({
    validator: () => {
      const check = checkRange(getFieldValue(['pwdMatch', 'range']) as (number | null)[]);
      if (check === 'ok') return Promise.resolve();
      return Promise.reject(
        new Error(t(check === 'incomplete' ? 'settings.rangeRequired' : 'settings.rangeInvalid')),
      );
    },
  });
  // The call's own limits, as rules: a number out of range is refused with a reason, not clamped.
  const limits = useFieldLimits(saveLoginSettings);
  const number = (
    name: (string | number)[],
    label: string,
    extra?: string,
    rules: FormRule[] = [],
    dependencies?: (string | number)[][],
  ) => (
    <Form.Item
      name={name}
      dependencies={dependencies}
      label={label}
      extra={extra}
      rules={[
        { required: true, message: ta('profile.required', { field: label }) },
        ...limits(name.join('.')),
        ...rules,
      ]}
    >
      <InputNumber precision={0} />
    </Form.Item>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      name="login-settings"
      disabled={!canWrite}
      onFinish={onSave}
      style={{ maxWidth: 560 }}
    >
      <Form.Item
        name="picCodeTag"
        label={t('settings.captcha')}
        extra={t('settings.captchaHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name={['pwdMatch', 'list']}
        label={t('settings.classes')}
        rules={[{ required: true, type: 'array', min: 1, message: t('settings.classesRequired') }]}
      >
        <ClassesField options={CLASSES.map((c) => ({ value: c, label: t(`settings.${c}`) }))} />
      </Form.Item>
      <Form.Item label={t('settings.length')} required>
        <Space align="start">
          {number(
            ['pwdMatch', 'range', 0],
            t('settings.lengthMin'),
            undefined,
            [rangeRule],
            [['pwdMatch', 'range', 1]],
          )}
          {number(
            ['pwdMatch', 'range', 1],
            t('settings.lengthMax'),
            undefined,
            [rangeRule],
            [['pwdMatch', 'range', 0]],
          )}
        </Space>
      </Form.Item>
      <Form.Item
        name={['pwdMatch', 'reg']}
        label={t('settings.reg')}
        extra={t('settings.regHint')}
        rules={[
          ...limits('pwdMatch.reg'),
          {
            validator: (_, v?: string) =>
              isValidPattern(v)
                ? Promise.resolve()
                : Promise.reject(new Error(t('settings.regInvalid'))),
          },
        ]}
      >
        <Input />
      </Form.Item>
      {number(['expireDays'], t('settings.expireDays'), t('settings.expireHint'))}
      {number(['lockCount'], t('settings.lockCount'), t('settings.lockHint'))}
      <Form.Item
        name="sms"
        label={t('settings.sms')}
        extra={t('settings.codeHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item name="mailCode" label={t('settings.mailCode')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {canWrite && (
        <Button type="primary" htmlType="submit" loading={saving}>
          {ta('actions.save')}
        </Button>
      )}
    </Form>
  );
}
