import { useState } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { alertHandlePreview, handleAlerts } from '@edp/shared/api/console/logs.calls';
import { ALERT_IDS_MAX } from '@edp/shared/contracts/log-values';
import type { TAlertItem } from '@edp/shared/contracts/logs';
import { ListPage } from '../../../components/list-page.tsx';
import '../../admin-common/lib/admin-locales.ts';
import '../../admin-common/lib/log-locales.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useAlertList } from '../api/logs.ts';
import { useAlertColumns } from '../components/alert-columns.tsx';
import { HandleByFilterModal, HandleModal } from '../components/handle-alerts.tsx';
import { KeysetPager, useKeyset } from '../components/keyset-pager.tsx';
import { LOG_PAGE_SIZE } from '../components/log-list-page.tsx';
import { LogFilters } from '../components/log-filters.tsx';
import '../components/admin-logs.css';
import { isNarrowed, requestOf } from '../lib/log-filter.ts';
import { useLogFilter } from '../lib/use-log-filter.ts';

type Handling = { alerts: readonly TAlertItem[]; target: 'seen' | 'handled' } | { byFilter: true };

/**
 * Alert messages (/admin/alerts): DPI alterations and rule hits, newest first in keyset pages,
 * filtered as the logs are plus state and source. A duty that may handle them (the security
 * operator with write permission) marks one, the selected ones, or every one matching the
 * filter after a preview; an auditor reads them.
 */
export default function AdminAlertsPage() {
  const { t } = useTranslation('adminLogs');
  const { t: tm } = useTranslation('menu');
  const mayHandle = useMayCall(handleAlerts);
  const mayPreview = useMayCall(alertHandlePreview);
  const { filter, setFilter, key } = useLogFilter('alerts');
  const keyset = useKeyset(key);
  const query = useAlertList({
    ...requestOf('alerts', filter),
    pageSize: LOG_PAGE_SIZE,
    ...(keyset.cursor ? { cursor: keyset.cursor } : {}),
  });
  // Selected alerts, kept across pages (a new filter clears them).
  const [selected, setSelected] = useState<{ key: string; alerts: TAlertItem[] }>({
    key,
    alerts: [],
  });
  const picked = selected.key === key ? selected.alerts : [];
  const [handling, setHandling] = useState<Handling>();
  const columns = useAlertColumns(
    mayHandle ? (alert) => setHandling({ alerts: [alert], target: 'handled' }) : undefined,
  );
  const rows = query.data?.list ?? [];
  const close = (done: boolean) => {
    setHandling(undefined);
    if (done) setSelected({ key, alerts: [] });
  };
  const tooMany = picked.length > ALERT_IDS_MAX;

  return (
    <ListPage<TAlertItem>
      title={tm('adminAlerts')}
      intro={t('alerts.intro')}
      actions={
        mayPreview && (
          <Button onClick={() => setHandling({ byFilter: true })}>{t('alerts.byFilter')}</Button>
        )
      }
      readOnly={!mayHandle && t('alerts.readOnly')}
      filters={
        <LogFilters
          list="alerts"
          value={filter}
          onChange={setFilter}
          deviceName={rows.find((r) => r.deviceId === filter.deviceId)?.deviceName}
        />
      }
      above={
        mayHandle && (
          <div className="log-bulk">
            <span aria-live="polite">{t('alerts.selected', { count: picked.length })}</span>
            <Button
              disabled={!picked.length || tooMany}
              onClick={() => setHandling({ alerts: picked, target: 'seen' })}
            >
              {t('alerts.markSeen')}
            </Button>
            <Button
              disabled={!picked.length || tooMany}
              onClick={() => setHandling({ alerts: picked, target: 'handled' })}
            >
              {t('alerts.markHandled')}
            </Button>
            {tooMany && (
              <Alert type="warning" showIcon title={t('alerts.tooMany', { max: ALERT_IDS_MAX })} />
            )}
          </div>
        )
      }
      loadFailed={t('alerts.loadFailed')}
      query={query}
      columns={columns}
      emptyText={isNarrowed(filter) ? t('alerts.emptyFiltered') : t('alerts.empty')}
      table={{
        rowSelection: mayHandle
          ? {
              selectedRowKeys: picked.map((a) => a.id),
              preserveSelectedRowKeys: true,
              onChange: (_keys, chosen) =>
                setSelected({
                  key,
                  // antd hands back rows of other pages as undefined: keep what was picked there.
                  alerts: mergeChosen(picked, chosen, rows),
                }),
              getCheckboxProps: (a) => ({
                disabled: a.state === 'handled',
                'aria-label': t('alerts.select', { device: a.deviceName, path: a.path }),
              }),
            }
          : undefined,
      }}
    >
      <KeysetPager keyset={keyset} next={query.data?.next} busy={query.isFetching} />
      {handling &&
        ('byFilter' in handling ? (
          <HandleByFilterModal filter={filter} onClose={close} />
        ) : (
          <HandleModal alerts={handling.alerts} initial={handling.target} onClose={close} />
        ))}
    </ListPage>
  );
}

/**
 * The selection after a change on this page: what was picked on other pages stays, this page's
 * rows are as now ticked.
 */
function mergeChosen(
  before: readonly TAlertItem[],
  chosen: readonly (TAlertItem | undefined)[],
  page: readonly TAlertItem[],
): TAlertItem[] {
  const onPage = new Set(page.map((a) => a.id));
  const ticked = chosen.filter((a): a is TAlertItem => !!a && onPage.has(a.id));
  return [...before.filter((a) => !onPage.has(a.id)), ...ticked];
}
