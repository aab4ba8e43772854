import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` (a part whose code React.lazy loads) once its place comes within `margin`
 * of the window, and `fallback` until then and while its code loads: a part below the first
 * screen, such as the home's charts, then costs the first load nothing, neither its chunk nor
 * its work (Lighthouse, issue 38). It looks only once `settled` holds: until what comes above
 * it has its height (say, figures still loading), its place is nearer the top than it will be.
 * Without IntersectionObserver it renders at once.
 */
export function WhenNear({
  children,
  fallback,
  margin = '400px',
  settled = true,
}: {
  children: ReactNode;
  fallback: ReactNode;
  margin?: string;
  settled?: boolean;
}) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !settled) return;
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    seen.observe(place.current!);
    return () => seen.disconnect();
  }, [near, margin, settled]);
  if (near) return <Suspense fallback={fallback}>{children}</Suspense>;
  return <div ref={place}>{fallback}</div>;
}
