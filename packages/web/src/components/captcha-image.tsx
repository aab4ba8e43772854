import { useTranslation } from 'react-i18next';

interface CaptchaImageProps {
  /** Image URL; a new `r` query makes the server draw a new captcha. */
  src: string;
  onRefresh: () => void;
  /** Where its texts are: the portal's and vendor's pages have `auth` (through AuthCard), the
   * console's login `adminAuth`; both hold `login.refreshCaptcha` and `login.captchaImage`. */
  namespace?: 'auth' | 'adminAuth';
}

/** The server-drawn captcha of every login form; clicking it asks for a new one. */
export function CaptchaImage({ src, onRefresh, namespace = 'auth' }: CaptchaImageProps) {
  const { t } = useTranslation(namespace);
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
