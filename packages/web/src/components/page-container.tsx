import { useEffect, useRef, type ReactNode } from 'react';
import './page-container.css';

interface PageContainerProps {
  title: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
}

const SCROLL_BOX = '.ant-table-content:not([tabindex])';

/**
 * Wide tables scroll sideways in their own box (page-container.css): the box takes keyboard
 * focus, so that it scrolls with the arrow keys too (axe: scrollable-region-focusable).
 * antd gives no prop for it, so the page marks its tables' boxes as they appear.
 */
function useFocusableScrollBoxes() {
  const ref = useRef<HTMLElement>(null);
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

/** A signed-in page's heading (its one h1) and content. */
export function PageContainer({ title, extra, children }: PageContainerProps) {
  const ref = useFocusableScrollBoxes();
  return (
    <section ref={ref} className="page-container" aria-labelledby="page-title">
      <div className="page-container__head">
        <h1 id="page-title" className="page-container__title">
          {title}
        </h1>
        {extra}
      </div>
      <div className="page-container__body">{children}</div>
    </section>
  );
}
