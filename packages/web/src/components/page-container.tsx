import type { ReactNode } from 'react';
import { useFocusableScrollBoxes } from './focusable-scroll-boxes.ts';
import './page-container.css';

interface PageContainerProps {
  title: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
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
