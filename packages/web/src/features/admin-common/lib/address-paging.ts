import { PAGE_SIZES } from '@edp/shared/constants';
import type { Paging } from '../../../lib/use-paging.ts';

/**
 * What ListTable reads of usePaging's paging, for a list that keeps its page in the address: a
 * page-size change goes back to page 1, as usePaging's does.
 */
export function addressPaging(
  state: { page: number; pageSize: number },
  update: (patch: { page: number; pageSize?: number }) => void,
): Paging {
  const change = (page: number, pageSize: number) =>
    update(pageSize !== state.pageSize ? { page: 1, pageSize } : { page });
  const shown = { page: state.page, pageSize: state.pageSize };
  return {
    params: shown,
    shown,
    change,
    reset: () => change(1, state.pageSize),
    pagination: (total: number | undefined) => ({
      current: state.page,
      pageSize: state.pageSize,
      total: total ?? 0,
      pageSizeOptions: PAGE_SIZES.map(String),
      showSizeChanger: true,
      onChange: change,
    }),
  };
}
