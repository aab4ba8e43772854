import { useMediaQuery } from '../../lib/use-media-query.ts';

/** Below 768 px the signed-in shell is a phone's: the menu is a drawer over the content. */
export const PHONE_QUERY = '(max-width: 767.98px)';

/** True while the window is narrower than 768 px (follows resizing and rotation). */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
