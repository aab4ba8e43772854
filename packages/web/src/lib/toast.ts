import type { MessageInstance } from 'antd/es/message/interface';

let messageModule: Promise<MessageInstance> | undefined;
/** Whether a toast was asked for since endToasts last looked (messageUsed). */
let usedSinceAsked = false;

/**
 * antd's message is loaded on the first toast, not with /login: it weighs about 8 KB gzip and
 * most visits never show one. It renders through `ConfigProvider.config({ holderRender })`
 * (providers.tsx), so it still gets the theme and locale.
 */
export function loadMessage(): Promise<MessageInstance> {
  usedSinceAsked = true;
  messageModule ??= import('antd/es/message').then((m) => m.default);
  return messageModule;
}

/**
 * antd's message if a toast was asked for since the last call, else undefined (endToasts): the
 * web tests' files share one page, and only a file that toasted has toasts left to end.
 */
export function messageUsed(): Promise<MessageInstance> | undefined {
  const used = usedSinceAsked;
  usedSinceAsked = false;
  return used ? messageModule : undefined;
}

/**
 * One success toast at a time: a new one closes the one showing instead of stacking over it (two
 * at once printed "M[Copied]sfully"). Each gets a key of its own: reopened under the same key,
 * antd kept the first toast's timer, so the second vanished with the first's remaining seconds.
 */
let shown = 0;

/** A success toast saying what happened ("Device added", "Copied"); replaces the last one. */
export function toastSuccess(text: string): void {
  void loadMessage().then((message) => {
    message.destroy(`success-${shown}`);
    shown += 1;
    message.open({ type: 'success', content: text, key: `success-${shown}` });
  });
}
