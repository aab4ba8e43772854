import { CaptchaImage as ServerCaptcha } from '../../../components/captcha-image.tsx';
import { captchaUrl } from '../api/login.ts';

export { newCaptchaNonce } from '../../../components/captcha-image.tsx';

interface CaptchaImageProps {
  nonce: string;
  onRefresh: () => void;
}

/** The portal's captcha (GET /api/com/n/get-captcha-img); clicking it draws a new one. */
export function CaptchaImage({ nonce, onRefresh }: CaptchaImageProps) {
  return <ServerCaptcha src={captchaUrl(nonce)} onRefresh={onRefresh} />;
}
