import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` (a part whose code React.lazy loads) once its place comes within `margin`
 * of the window, and `fallback` until then and while its code loads: a part below the first
 * screen, such as the home's charts, then costs the first load nothing, neither its chunk nor
 * its work (Lighthouse, issue 38). Without IntersectionObserver it renders at once.
 */
export function WhenNear({
  children,
  fallback,
  margin = '400px',
}: {
  children: ReactNode;
  fallback: ReactNode;
  margin?: string;
}) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near) return;
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    seen.observe(place.current!);
    return () => seen.disconnect();
  }, [near, margin]);
  if (near) return <Suspense fallback={fallback}>{children}</Suspense>;
  return <div ref={place}>{fallback}</div>;
}
