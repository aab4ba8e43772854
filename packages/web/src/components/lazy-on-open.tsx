import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders a dialog or drawer of a page only from its first opening on: its code (imported with
 * React.lazy by the page) then loads on the first click instead of with the page, and it stays
 * mounted afterwards so that it closes with its animation.
 */
export function LazyOnOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
