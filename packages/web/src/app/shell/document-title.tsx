import { useEffect } from 'react';
import { useAreaNames } from './use-area-names.ts';

/** The browser tab's title: the page's area names it (area-names.ts, docs/product.md §1). */
export default function DocumentTitle() {
  const { title } = useAreaNames();
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
