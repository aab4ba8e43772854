import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageInstance } from 'antd/es/message/interface';
import { configureHttp } from '../lib/http.ts';

let messageModule: Promise<MessageInstance> | undefined;

/**
 * antd's message is loaded on the first toast, not with /login: it weighs about 8 KB gzip and
 * most visits never show one. It renders through `ConfigProvider.config({ holderRender })`
 * (providers.tsx), so it still gets the theme and locale.
 */
function loadMessage(): Promise<MessageInstance> {
  messageModule ??= import('antd/es/message').then((m) => m.default);
  return messageModule;
}

/**
 * Ends every toast shown; true if antd's message was loaded at all. For the unit tests: the
 * toasts live in a React root of their own, whose timers would otherwise wake it after a test
 * file's jsdom is gone ("window is not defined", an unhandled error failing the run).
 */
export async function endToasts(): Promise<boolean> {
  if (!messageModule) return false;
  (await messageModule).destroy();
  return true;
}

/** A success toast from outside the HTTP client (a copy to the clipboard, say). */
export function toastSuccess(text: string): void {
  void loadMessage().then((message) => message.success(text));
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
          void message.success(msg);
        }),
      translate: (key) => t(`request.${key}`),
      language: () => i18n.language,
    });
  }, [t, i18n]);

  return null;
}
