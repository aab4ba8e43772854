import { useTranslation } from 'react-i18next';
import type { TLogItem } from '@edp/shared/contracts/logs';
import { ListPage } from '../../../components/list-page.tsx';
import '../../admin-common/lib/admin-locales.ts';
import '../../admin-common/lib/log-locales.ts';
import { useAccessLog, useMonitorLog } from '../api/logs.ts';
import { isNarrowed, requestOf } from '../lib/log-filter.ts';
import { useLogFilter } from '../lib/use-log-filter.ts';
import { ExportMenu } from './export-menu.tsx';
import { KeysetPager, useKeyset } from './keyset-pager.tsx';
import { useAccessColumns, useMonitorColumns } from './log-columns.tsx';
import { LogFilters } from './log-filters.tsx';
import './admin-logs.css';

/** Events a page shows: about a screen of rows, and few requests when paging through. */
export const LOG_PAGE_SIZE = 20;

const QUERIES = { monitor: useMonitorLog, access: useAccessLog } as const;
const COLUMNS = { monitor: useMonitorColumns, access: useAccessColumns } as const;

/**
 * The monitoring or access-control log (docs/logs.md): filters in the address, newest first in
 * keyset pages, the values in the reader's words, and the export of everything that matches.
 * Read by the security operator and the auditor; nothing here changes anything.
 */
export function LogListPage({ list, title }: { list: 'monitor' | 'access'; title: string }) {
  const { t } = useTranslation('adminLogs');
  const { filter, setFilter, key } = useLogFilter(list);
  const keyset = useKeyset(key);
  const query = QUERIES[list]({
    ...requestOf(list, filter),
    pageSize: LOG_PAGE_SIZE,
    ...(keyset.cursor ? { cursor: keyset.cursor } : {}),
  });
  const columns = COLUMNS[list]();
  const rows: readonly TLogItem[] = query.data?.list ?? [];
  return (
    <ListPage<TLogItem>
      title={title}
      intro={t(`${list}.intro`)}
      actions={<ExportMenu list={list} filter={filter} />}
      filters={
        <LogFilters
          list={list}
          value={filter}
          onChange={setFilter}
          deviceName={rows.find((r) => r.deviceId === filter.deviceId)?.deviceName}
        />
      }
      loadFailed={t(`${list}.loadFailed`)}
      query={query}
      columns={columns}
      emptyText={isNarrowed(filter) ? t(`${list}.emptyFiltered`) : t(`${list}.empty`)}
    >
      <KeysetPager keyset={keyset} next={query.data?.next} busy={query.isFetching} />
    </ListPage>
  );
}
