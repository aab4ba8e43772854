import { Button } from 'antd';
// Deep import: the `Input` namespace would also bring TextArea, Search, OTP and Password.
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { useCountdown } from './use-countdown.ts';

interface EmailCodeInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /**
   * Sends the code; resolves true when it went out, which starts the 60 s countdown, or the
   * seconds still to wait when one went out moments ago (the countdown starts from them).
   */
  onSend: () => Promise<boolean | number>;
  sending: boolean;
  /** From FormField, where the form is not antd's. */
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
  'aria-required'?: true;
  status?: 'error' | undefined;
}

/**
 * The e-mail code with its "Send code" button (a Form.Item control: antd passes id, value and
 * onChange). After a send the button counts down before a resend is allowed.
 */
export function EmailCodeInput({
  id,
  value,
  onChange,
  onSend,
  sending,
  ...control
}: EmailCodeInputProps) {
  const { t } = useTranslation('signup');
  const countdown = useCountdown();
  const send = async () => {
    const sent = await onSend();
    if (typeof sent === 'number') countdown.start(sent);
    else if (sent) countdown.start();
  };
  return (
    <div className="captcha-row">
      <Input
        {...control}
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value.replace(/\D/g, '').slice(0, 6))}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('emailCode.placeholder')}
      />
      <Button onClick={() => void send()} loading={sending} disabled={countdown.running}>
        {countdown.running
          ? t('emailCode.resend', { seconds: countdown.left })
          : t('emailCode.send')}
      </Button>
    </div>
  );
}
