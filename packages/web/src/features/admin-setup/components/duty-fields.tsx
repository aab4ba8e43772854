import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN, NAME_PATTERN, PHONE_PATTERN, type PasswordPolicy } from '@edp/shared/rules';
import { passwordRules, sameAsRule } from '../../admin-common/lib/password-policy.ts';
import type { DutyKey } from '../lib/setup-payload.ts';

interface DutyFieldsProps {
  duty: DutyKey;
  policy: PasswordPolicy;
  /** Optional duties can be skipped with a switch. */
  optional: boolean;
}

/** One duty account of the setup wizard: account, name, password twice, phone, e-mail. */
export function DutyFields({ duty, policy, optional }: DutyFieldsProps) {
  const { t } = useTranslation('adminAuth');
  const { t: ta } = useTranslation('admin');
  const include = Form.useWatch([duty, 'include']) !== false;
  const req = (field: string) => ({ required: true, message: t('setup.required', { field }) });
  const id = (field: string) => [duty, field];

  return (
    <>
      {optional && (
        <Form.Item
          name={id('include')}
          label={t('setup.include')}
          valuePropName="checked"
          initialValue
        >
          <Switch />
        </Form.Item>
      )}
      {include && (
        <>
          <Form.Item
            name={id('account')}
            label={t('setup.account')}
            rules={[
              req(t('setup.account')),
              { pattern: /^\S{1,64}$/, message: ta('account.invalid') },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name={id('name')}
            label={t('setup.name')}
            rules={[req(t('setup.name')), { pattern: NAME_PATTERN, message: ta('name.invalid') }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name={id('password')}
            label={t('setup.password')}
            rules={passwordRules(ta, policy, t('setup.required', { field: t('setup.password') }))}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name={id('repeatPassword')}
            label={t('setup.repeatPassword')}
            dependencies={[id('password')]}
            rules={[req(t('setup.repeatPassword')), sameAsRule(ta, id('password'))]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name={id('phone')}
            label={t('setup.phone')}
            rules={[{ pattern: PHONE_PATTERN, message: ta('phone.invalid') }]}
          >
            <Input autoComplete="off" inputMode="tel" />
          </Form.Item>
          <Form.Item
            name={id('email')}
            label={t('setup.email')}
            rules={[{ pattern: EMAIL_PATTERN, message: ta('email.invalid') }]}
          >
            <Input autoComplete="off" inputMode="email" />
          </Form.Item>
        </>
      )}
    </>
  );
}
