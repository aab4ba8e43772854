import { Empty, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { tablePagination, type PageState } from './table-pagination.ts';
import './admin-table.css';

export interface ListTableProps<T> extends Omit<TableProps<T>, 'pagination' | 'locale'> {
  /** What an empty list says (a simple picture over it). */
  emptyText?: string;
  /** Server-side pages: sizes 10-50 and the total (tablePagination); none: one page. */
  paging?: { shown: PageState; total: number | undefined; change: (p: number, s: number) => void };
}

/**
 * The console's list table (users, roles, groups, proxies, audit): loading and empty states,
 * page sizes, and the responsive rules of admin-table.css and page-container.css (the table
 * scrolls sideways in its own box, headers on one line; columns marked `admin-table__name` and
 * `admin-table__actions` stay on one line). Filters go above it in a wrapping toolbar; row
 * actions in a last column with the `admin-table__actions` class.
 */
export function ListTable<T extends object>({
  emptyText,
  paging,
  className,
  ...table
}: ListTableProps<T>) {
  const { t } = useTranslation('admin');
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      {...table}
      className={className ? `admin-table ${className}` : 'admin-table'}
      locale={
        emptyText
          ? { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }
          : undefined
      }
      pagination={paging ? tablePagination(t, paging.shown, paging.total, paging.change) : false}
    />
  );
}
