import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaptchaImage } from '../../../components/captcha-image.tsx';
import { adminCaptchaUrl } from '../api/admin-login.ts';

interface AdminCaptchaProps {
  nonce: string;
  onRefresh: () => void;
}

/** The console's captcha field with the server-drawn image (components/captcha-image.tsx). */
export function AdminCaptcha({ nonce, onRefresh }: AdminCaptchaProps) {
  const { t } = useTranslation('adminAuth');
  return (
    <Form.Item label={t('login.captcha')} required htmlFor="admin-captcha">
      <div className="captcha-row">
        <Form.Item
          name="captcha"
          noStyle
          rules={[{ required: true, message: t('login.required', { field: t('login.captcha') }) }]}
        >
          <Input
            id="admin-captcha"
            size="large"
            autoComplete="off"
            placeholder={t('login.captchaPlaceholder')}
          />
        </Form.Item>
        <CaptchaImage src={adminCaptchaUrl(nonce)} onRefresh={onRefresh} namespace="adminAuth" />
      </div>
    </Form.Item>
  );
}
