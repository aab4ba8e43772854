import { useEffect, useRef } from 'react';

const SCROLL_BOX = '.ant-table-content:not([tabindex])';

/**
 * Wide tables scroll sideways in their own box (page-container.css): the box takes keyboard
 * focus, so that it scrolls with the arrow keys too (axe: scrollable-region-focusable).
 * antd gives no prop for it, so the page (or a drawer, outside the page) marks its tables'
 * boxes as they appear.
 */
export function useFocusableScrollBoxes<E extends HTMLElement = HTMLElement>() {
  const ref = useRef<E>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const mark = () => {
      for (const box of Array.from(root.querySelectorAll<HTMLElement>(SCROLL_BOX))) {
        box.tabIndex = 0;
      }
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return ref;
}
