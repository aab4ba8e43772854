import { Empty, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Paging } from '../lib/use-paging.ts';
import './list-table.css';

export interface ListTableProps<T> extends Omit<TableProps<T>, 'pagination' | 'locale'> {
  /** What an empty list says (over a small picture, unless `plain`). */
  emptyText?: string;
  /** Server-side pages (`usePaging`): sizes 10-50 and, unless `plain`, the total; none: one page. */
  paging?: Paging;
  /** The list's size, from its last answer. */
  total?: number;
  /**
   * The vendor's lists as they have always looked: antd's default row height, no total under
   * the pages, the empty text without a picture.
   */
  plain?: boolean;
}

/**
 * The table of every list page (ListPage): loading and empty states, page sizes, and the
 * responsive rules of list-table.css and page-container.css (the table scrolls sideways in its
 * own box, headers on one line; columns marked `admin-table__name` and `admin-table__actions`
 * stay on one line). Row actions go in a last column with the `admin-table__actions` class.
 */
export function ListTable<T extends object>({
  emptyText,
  paging,
  total,
  plain,
  className,
  ...table
}: ListTableProps<T>) {
  const { t } = useTranslation('common');
  const empty =
    emptyText && !plain ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
    ) : (
      emptyText
    );
  return (
    <Table<T>
      rowKey="id"
      size={plain ? undefined : 'middle'}
      {...table}
      className={className ? `admin-table ${className}` : 'admin-table'}
      locale={empty ? { emptyText: empty } : undefined}
      pagination={
        paging
          ? {
              ...paging.pagination(total),
              // usePaging goes back to page 1 on a size change and reloads a second later.
              showTotal: plain ? undefined : (count) => t('listTotal', { total: count }),
            }
          : false
      }
    />
  );
}
