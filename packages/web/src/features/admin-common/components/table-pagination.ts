import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { PAGE_SIZES } from '@edp/shared/constants';

export interface PageState {
  page: number;
  pageSize: number;
}

/**
 * Pagination of every console table (docs/product.md §4, §9) over `usePaging`: sizes 10-50, the total
 * shown.
 */
export function tablePagination(
  t: TFunction<'admin'>,
  state: PageState,
  total: number | undefined,
  onChange: (page: number, pageSize: number) => void,
): TablePaginationConfig {
  return {
    current: state.page,
    pageSize: state.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: (count) => t('total', { total: count }),
    // usePaging goes back to page 1 on a size change and reloads a second later (docs/product.md §9).
    onChange,
  };
}
