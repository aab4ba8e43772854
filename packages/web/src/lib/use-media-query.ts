import { useCallback, useSyncExternalStore } from 'react';

/**
 * Below 576 px a list's filters fold behind their "Filters" button (the lists' CSS folds them at
 * the same width): folded, they are not rendered at all, so a phone's first load does not draw
 * a toolbar of selects that nobody sees.
 */
export const FOLDED_FILTERS_QUERY = '(max-width: 575px)';

/** Whether the window matches a media query; follows resizing and rotation. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = useCallback(() => window.matchMedia(query).matches, [query]);
  return useSyncExternalStore(subscribe, matches, () => false);
}
