import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { PAGE_SIZES } from '@edp/shared/constants';

export interface PageState {
  page: number;
  pageSize: number;
}

/**
 * Pagination of every console table (SPEC §4, §9): sizes 10-50, a size change goes back to
 * page 1, the total shown.
 */
export function tablePagination(
  t: TFunction<'admin'>,
  state: PageState,
  total: number | undefined,
  onChange: (next: PageState) => void,
): TablePaginationConfig {
  return {
    current: state.page,
    pageSize: state.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: (count) => t('total', { total: count }),
    onChange: (page, pageSize) =>
      onChange({ page: pageSize === state.pageSize ? page : 1, pageSize }),
  };
}
