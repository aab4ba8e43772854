import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TAlertItem } from '@edp/shared/contracts/logs';
import { formatSeconds, LogTag, useLogWord } from '../../admin-common/components/log-labels.tsx';
import { LongText, useBaseColumns, WIDE } from './log-columns.tsx';
import { PathText } from './path-text.tsx';

/**
 * The alert messages' columns: the event (time, device, group, kind, action, path and program),
 * what raised it, its state, who last changed that and when, the note; and, for a duty that may
 * handle alerts, a Handle button naming the alert for screen readers.
 */
export function useAlertColumns(onHandle?: (alert: TAlertItem) => void): ColumnsType<TAlertItem> {
  const { t } = useTranslation('adminLogs');
  const word = useLogWord();
  const columns: ColumnsType<TAlertItem> = [
    ...useBaseColumns<TAlertItem>(),
    {
      title: t('columns.kind'),
      dataIndex: 'kind',
      responsive: WIDE,
      render: (k: string) => word('kind', k),
    },
    {
      title: t('columns.action'),
      dataIndex: 'action',
      render: (a: string) => <LogTag family="action" value={a} />,
    },
    {
      title: t('columns.pathProgram'),
      key: 'path',
      render: (_, r) => (
        <>
          <LongText text={r.path} />
          {r.program && <PathText path={r.program} className="log-muted" />}
        </>
      ),
    },
    {
      title: t('columns.source'),
      key: 'source',
      responsive: WIDE,
      render: (_, r) => (
        <>
          {word('source', r.source)}
          {r.ruleName && <div className="log-muted">{r.ruleName}</div>}
        </>
      ),
    },
    {
      title: t('columns.state'),
      dataIndex: 'state',
      render: (s: string) => <LogTag family="state" value={s} />,
    },
    {
      title: t('columns.changed'),
      key: 'changed',
      responsive: WIDE,
      render: (_, r) =>
        r.changedBy ? (
          <>
            {r.changedBy}
            <div className="log-time log-muted">{r.changedAt && formatSeconds(r.changedAt)}</div>
          </>
        ) : (
          '—'
        ),
    },
    {
      title: t('columns.note'),
      dataIndex: 'note',
      responsive: WIDE,
      render: (n: string) => n || '—',
    },
  ];
  if (onHandle)
    columns.push({
      title: t('columns.actions'),
      key: 'actions',
      className: 'admin-table__actions',
      // States only go forward: a handled alert has nothing left to do.
      render: (_, r) =>
        r.state !== 'handled' && (
          <Button
            type="link"
            size="small"
            aria-label={t('alerts.handleOf', { device: r.deviceName, path: r.path })}
            onClick={() => onHandle(r)}
          >
            {t('alerts.handle')}
          </Button>
        ),
    });
  return columns;
}
