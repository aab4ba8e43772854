import { useCallback, useEffect, useRef, useState } from 'react';
import { MENU_COLLAPSE_DELAY_MS, MENU_COLLAPSE_WIDTH } from '@edp/shared/constants';

const isNarrow = () => window.innerWidth <= MENU_COLLAPSE_WIDTH;

/**
 * Menu collapse state that follows the window (docs/product.md §2): collapsed at width ≤ 800, checked
 * 500 ms after the last resize (debounced, so dragging a window edge does not flicker). It
 * re-expands on widening only if it was collapsed automatically, never against a user's toggle.
 */
export function useAutoCollapse(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsedState] = useState(isNarrow);
  const autoCollapsed = useRef(collapsed);
  const current = useRef(collapsed);
  useEffect(() => {
    current.current = collapsed;
  }, [collapsed]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (isNarrow()) {
          if (!current.current) autoCollapsed.current = true;
          setCollapsedState(true);
        } else if (autoCollapsed.current) {
          autoCollapsed.current = false;
          setCollapsedState(false);
        }
      }, MENU_COLLAPSE_DELAY_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
    };
  }, []);

  const setCollapsed = useCallback((next: boolean) => {
    autoCollapsed.current = false; // the user decided
    setCollapsedState(next);
  }, []);

  return [collapsed, setCollapsed];
}
