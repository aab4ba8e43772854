import { useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_RELOAD_DELAY_MS, PAGE_SIZES } from '@edp/shared/constants';

export interface PageParams {
  page: number;
  pageSize: number;
}

/**
 * Paging of docs/product.md §4/§9 for list screens: page sizes 10-50; a page-size change shows page 1 at
 * once and reloads PAGE_SIZE_RELOAD_DELAY_MS later (so fast changes cost one request).
 * `params` go to the query, `pagination(total)` to antd's Table or Pagination.
 */
export function usePaging(initialSize: number = DEFAULT_PAGE_SIZE) {
  const [shown, setShown] = useState<PageParams>({ page: 1, pageSize: initialSize });
  const [params, setParams] = useState<PageParams>(shown);

  useEffect(() => {
    if (shown.pageSize === params.pageSize) return;
    const timer = setTimeout(() => setParams(shown), PAGE_SIZE_RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shown, params.pageSize]);

  const change = (page: number, pageSize: number) => {
    if (pageSize !== shown.pageSize) {
      setShown({ page: 1, pageSize });
      return;
    }
    const next = { page, pageSize };
    setShown(next);
    setParams(next);
  };

  /** Back to page 1 (a filter or search changed). */
  const reset = () => change(1, shown.pageSize);

  const pagination = (total: number | undefined) => ({
    current: shown.page,
    pageSize: shown.pageSize,
    total: total ?? 0,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    onChange: change,
  });

  return { params, shown, change, reset, pagination };
}

/** A list's paging state and actions (what `usePaging` gives). */
export type Paging = ReturnType<typeof usePaging>;
