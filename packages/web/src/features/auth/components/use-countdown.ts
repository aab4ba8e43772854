import { useCallback, useEffect, useState } from 'react';
import { EMAIL_CODE_RESEND_MS } from '@edp/shared/constants';

/** Seconds before an e-mail code may be sent again (the server refuses it sooner). */
export const RESEND_SECONDS = EMAIL_CODE_RESEND_MS / 1000;

/** A seconds countdown: `start()` sets it (to `seconds`, or as told), it ticks to 0 once a second. */
export function useCountdown(seconds = RESEND_SECONDS) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1_000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback((from = seconds) => setLeft(from), [seconds]);
  return { left, running: left > 0, start };
}
