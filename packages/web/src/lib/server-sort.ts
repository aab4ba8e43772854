import type { SortOrder as AntSortOrder, SorterResult } from 'antd/es/table/interface';

/** A list the server sorts: by which column, and which way. */
export interface ServerSort<K extends string> {
  sort: K;
  order: 'asc' | 'desc';
}

/**
 * A header the server can sort by: antd draws the arrows and `aria-sort`, and a click or Enter
 * cycles ascending, descending and the list's default order (`sortChange`).
 */
export function sortable<K extends string>(key: K, current: ServerSort<K>) {
  const sortOrder: AntSortOrder =
    current.sort === key ? (current.order === 'asc' ? 'ascend' : 'descend') : null;
  return { key, sorter: true, sortOrder };
}

/** What a sorter change of the table asks for; no order: the list's default (`fallback`). */
export function sortChange<K extends string, T>(
  sorter: SorterResult<T> | SorterResult<T>[],
  fallback: ServerSort<K>,
): ServerSort<K> {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  const key = one?.columnKey as K | undefined;
  if (!one?.order || !key) return { sort: fallback.sort, order: fallback.order };
  return { sort: key, order: one.order === 'ascend' ? 'asc' : 'desc' };
}
