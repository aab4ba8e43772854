import type { ReactNode } from 'react';
import { Alert, Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ListTable, type ListTableProps } from './list-table.tsx';
import { LoadError } from './load-error.tsx';
import { PageContainer } from './page-container.tsx';
import './list-page.css';

/** What a list page reads of its query (TanStack Query's result is one). */
export interface ListQuery<T> {
  data?: { list: readonly T[]; total?: number };
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** The rows: the query's list, or rows made from it (`rows`, a group tree). */
type ListSource<T> =
  { query: ListQuery<T>; rows?: undefined } | { query: ListQuery<unknown>; rows: readonly T[] };

export type ListPageProps<T> = ListSource<T> &
  Pick<ListTableProps<T>, 'columns' | 'emptyText' | 'paging' | 'plain'> & {
    /** The page's heading, its one h1 (the menu's name of the page). */
    title: ReactNode;
    /** A sentence under the title: what the list holds, where it comes from. */
    intro?: ReactNode;
    /** The primary button beside the title; not offered when `readOnly`. */
    add?: { label: string; onClick: () => void; icon?: ReactNode };
    /** Other buttons beside the title, before `add` (export, enrol, move). */
    actions?: ReactNode;
    /** The notice of a role that may only read; when set, `add` is not offered. */
    readOnly?: ReactNode;
    /** Search and filter fields: a wrapping bar above the list, a search landmark. */
    filters?: ReactNode;
    /** Between the filters and the table: counters, selection actions. */
    above?: ReactNode;
    /** Beside the list on a wide screen, above it on a narrow one (the users' group tree). */
    aside?: ReactNode;
    /**
     * What could not be loaded: with it a failed query shows this, the reason and a retry above
     * the table (for silent queries; others are toasted by the HTTP client).
     */
    loadFailed?: string;
    /** More of the table: row selection, expandable rows, a class. */
    table?: Omit<
      ListTableProps<T>,
      'columns' | 'dataSource' | 'loading' | 'emptyText' | 'paging' | 'total' | 'plain'
    >;
    /** After the list: its dialogs and drawers, panels. */
    children?: ReactNode;
  };

/**
 * The scaffold of every list page, console and vendor: title with its buttons, the read-only
 * notice, filters, the load error, the table with its loading and empty states and pages
 * (ListTable), and the page's dialogs. Keyboard and screen-reader access are antd's, plus the
 * table's scroll box taking focus (PageContainer) and the filters' search landmark.
 */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { title, add, actions, readOnly, filters, above, aside, query, rows, loadFailed } = props;
  const addButton = add && !readOnly && (
    <Button type="primary" icon={add.icon ?? <PlusOutlined />} onClick={add.onClick}>
      {add.label}
    </Button>
  );
  const main = (
    <>
      {filters && (
        <div className="list-page__filters" role="search">
          {filters}
        </div>
      )}
      {loadFailed && query.isError && (
        <LoadError title={loadFailed} error={query.error!} onRetry={() => void query.refetch()} />
      )}
      {above}
      <ListTable<T>
        {...props.table}
        columns={props.columns}
        dataSource={rows ?? (query.data?.list as readonly T[] | undefined)}
        loading={query.isFetching}
        emptyText={props.emptyText}
        paging={props.paging}
        total={query.data?.total}
        plain={props.plain}
      />
    </>
  );
  return (
    <PageContainer
      title={title}
      extra={
        actions && addButton ? (
          <Space wrap>
            {actions}
            {addButton}
          </Space>
        ) : (
          actions || addButton
        )
      }
    >
      {props.intro && <p>{props.intro}</p>}
      {readOnly && <Alert type="info" showIcon title={readOnly} style={{ marginBottom: 16 }} />}
      {aside ? (
        <div className="list-page__split">
          <aside className="list-page__aside">{aside}</aside>
          <div className="list-page__main">{main}</div>
        </div>
      ) : (
        main
      )}
      {props.children}
    </PageContainer>
  );
}
