import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaptchaImage, newCaptchaNonce } from '../../../components/captcha-image.tsx';
import { useVendorLogin, vendorCaptchaUrl, type VendorLoginInput } from '../api/vendor-login.ts';
import { accountRules } from './account-rules.ts';

/** Vendor login: account, password and the /sa captcha (single use: redrawn after a failure). */
export function VendorLoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('vendor');
  const { t: ta } = useTranslation('auth');
  const [form] = Form.useForm<VendorLoginInput>();
  const [nonce, setNonce] = useState(newCaptchaNonce);
  const mutation = useVendorLogin();

  const submit = async (values: VendorLoginInput) => {
    try {
      await mutation.mutateAsync(values);
      onSignedIn();
    } catch {
      setNonce(newCaptchaNonce());
      form.setFieldValue('captcha', '');
    }
  };

  return (
    <Form form={form} name="sa-login" layout="vertical" onFinish={submit}>
      <Form.Item name="account" label={t('account')} rules={accountRules(t)}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="password"
        label={ta('login.password')}
        rules={[{ required: true, message: ta('validation.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item label={ta('login.captcha')} required htmlFor="sa-login_captcha">
        <div className="captcha-row">
          <Form.Item
            name="captcha"
            noStyle
            rules={[
              { required: true, whitespace: true, message: ta('validation.captchaRequired') },
            ]}
          >
            <Input autoComplete="off" placeholder={ta('login.captchaPlaceholder')} />
          </Form.Item>
          <CaptchaImage
            src={vendorCaptchaUrl(nonce)}
            onRefresh={() => setNonce(newCaptchaNonce())}
          />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
