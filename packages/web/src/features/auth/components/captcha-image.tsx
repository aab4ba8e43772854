import { useTranslation } from 'react-i18next';
import { captchaUrl } from '../api/login.ts';

interface CaptchaImageProps {
  nonce: string;
  onRefresh: () => void;
}

/** The server-drawn captcha; clicking it asks for a new one (SPEC §7). */
export function CaptchaImage({ nonce, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation('auth');
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={onRefresh}
      title={t('login.refreshCaptcha')}
      aria-label={t('login.refreshCaptcha')}
    >
      <img src={captchaUrl(nonce)} alt={t('login.captchaImage')} width={120} height={40} />
    </button>
  );
}

/** A fresh value for the captcha URL's `r` query. */
export function newCaptchaNonce(): string {
  return `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
}
