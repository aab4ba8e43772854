import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { configureHttp } from '../lib/http.ts';
import { loadMessage, messageUsed, toastSuccess } from '../lib/toast.ts';

/**
 * Ends every toast shown; true if a toast was asked for since the last call. For the unit tests: the
 * toasts live in a React root of their own, whose timers would otherwise wake it after a test
 * file's jsdom is gone ("window is not defined", an unhandled error failing the run).
 */
export async function endToasts(): Promise<boolean> {
  const loaded = messageUsed();
  if (!loaded) return false;
  (await loaded).destroy();
  return true;
}

/** Hands toasts and the current translations to the HTTP client, which knows nothing of React. */
export function HttpBridge() {
  const { t, i18n } = useTranslation('common');

  useEffect(() => {
    configureHttp({
      notifyError: (msg) => void loadMessage().then((message) => message.error(msg)),
      // A success clears the failures toasted before it: an old error must not stand beside it.
      notifySuccess: (msg) =>
        void loadMessage().then((message) => {
          message.destroy();
          toastSuccess(msg);
        }),
      translate: (key, values) => t(`request.${key}`, values),
      language: () => i18n.language,
    });
  }, [t, i18n]);

  return null;
}
