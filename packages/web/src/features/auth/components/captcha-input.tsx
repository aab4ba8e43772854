import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaptchaImage } from './captcha-image.tsx';

interface CaptchaInputProps {
  id?: string;
  value?: string;
  onChange?: (event: { target: { value: string } }) => void;
  nonce: string;
  onRefresh: () => void;
}

/** Captcha text and image side by side, as a Form.Item control. */
export function CaptchaInput({ id, value, onChange, nonce, onRefresh }: CaptchaInputProps) {
  const { t } = useTranslation('auth');
  return (
    <div className="captcha-row">
      <Input
        id={id}
        value={value}
        onChange={onChange}
        autoComplete="off"
        placeholder={t('login.captchaPlaceholder')}
      />
      <CaptchaImage nonce={nonce} onRefresh={onRefresh} />
    </div>
  );
}
