import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordRules } from '../../../components/password-rules.ts';
import { DEFAULT_PASSWORD_POLICY } from '@edp/shared/rules';
import { useInitVendor } from '../api/init-vendor.ts';
import { accountRules } from './account-rules.ts';

interface InitValues {
  account: string;
  password: string;
  repeat: string;
}

/** First run: the super administrator's account and password (twice, default rule). */
export function VendorInitForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('vendor');
  const { t: ta } = useTranslation('auth');
  const { t: tc } = useTranslation('account');
  const mutation = useInitVendor();
  const [min, max] = DEFAULT_PASSWORD_POLICY.range;
  const passwords = passwordRules({
    required: ta('validation.passwordRequired'),
    rule: tc('changePassword.rule', { min, max }),
    repeatRequired: tc('changePassword.repeatRequired'),
    mismatch: tc('changePassword.mismatch'),
  });

  const submit = async ({ account, password }: InitValues) => {
    try {
      await mutation.mutateAsync({ account, password, successText: t('init.success') });
      onDone();
    } catch {
      // Shown by the HTTP client (e.g. already initialised).
    }
  };

  return (
    <Form<InitValues> name="sa-init" layout="vertical" onFinish={submit}>
      <Form.Item name="account" label={t('account')} rules={accountRules(t)}>
        <Input autoComplete="username" placeholder={t('accountPlaceholder')} />
      </Form.Item>
      <Form.Item name="password" label={ta('login.password')} rules={passwords.password}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeat"
        label={t('repeatPassword')}
        dependencies={['password']}
        rules={passwords.repeat}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending}>
        {t('init.submit')}
      </Button>
    </Form>
  );
}
