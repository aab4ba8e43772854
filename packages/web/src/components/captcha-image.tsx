import { useTranslation } from 'react-i18next';

interface CaptchaImageProps {
  /** Image URL; a new `r` query makes the server draw a new captcha. */
  src: string;
  onRefresh: () => void;
}

/**
 * The server-drawn captcha (docs/product.md §7); clicking it asks for a new one. Its texts are in the
 * `auth` namespace, which every page with a captcha has through AuthCard.
 */
export function CaptchaImage({ src, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation('auth');
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={onRefresh}
      title={t('login.refreshCaptcha')}
      aria-label={t('login.refreshCaptcha')}
    >
      <img src={src} alt={t('login.captchaImage')} width={120} height={40} />
    </button>
  );
}

/** A fresh value for the captcha URL's `r` query. */
export function newCaptchaNonce(): string {
  return `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
}
