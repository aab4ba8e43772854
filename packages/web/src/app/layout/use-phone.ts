import { useSyncExternalStore } from 'react';

/** Below 768 px the signed-in shell is a phone's: the menu is a drawer over the content. */
export const PHONE_QUERY = '(max-width: 767.98px)';

const media = () => window.matchMedia(PHONE_QUERY);

function subscribe(onChange: () => void) {
  const list = media();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True while the window is narrower than 768 px (follows resizing and rotation). */
export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media().matches,
    () => false,
  );
}
