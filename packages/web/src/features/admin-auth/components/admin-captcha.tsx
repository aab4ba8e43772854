import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminCaptchaUrl } from '../api/admin-login.ts';

interface AdminCaptchaProps {
  nonce: string;
  onRefresh: () => void;
}

/** The captcha field with its server-drawn image; clicking the image draws a new one. */
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
        <button
          type="button"
          className="captcha-image"
          onClick={onRefresh}
          title={t('login.refreshCaptcha')}
          aria-label={t('login.refreshCaptcha')}
        >
          <img src={adminCaptchaUrl(nonce)} alt={t('login.captchaImage')} width={120} height={40} />
        </button>
      </div>
    </Form.Item>
  );
}

export function newNonce(): string {
  return `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
}
