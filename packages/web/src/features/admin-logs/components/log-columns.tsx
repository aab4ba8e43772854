import type { Breakpoint } from 'antd/es/_util/responsiveObserver';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { deviceDetail } from '@edp/shared/api/console/devices.calls';
import type { TLogItem } from '@edp/shared/contracts/logs';
import {
  formatSeconds,
  LogTag,
  ShortHash,
  useLogWord,
} from '../../admin-common/components/log-labels.tsx';
import { PathText } from './path-text.tsx';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { adminPath } from '../../../lib/admin-paths.ts';

/**
 * Columns shown from a small tablet up: on a phone a row keeps when, where, what and its path on
 * one screen, the rest in the export and on a wider screen.
 */
export const WIDE: Breakpoint[] = ['sm'];

/** A path or program, long and without spaces: it wraps after its separators, within a bound. */
export const LongText = ({ text }: { text: string }) => (text ? <PathText path={text} /> : <>—</>);

/**
 * Columns every log shows first: the time to the second, the device (a link to its page for a
 * duty that opens devices; '' once the device was removed) and its group then.
 */
export function useBaseColumns<T extends TLogItem>(): ColumnsType<T> {
  const { t } = useTranslation('adminLogs');
  const mayOpen = useMayCall(deviceDetail);
  return [
    {
      title: t('columns.at'),
      dataIndex: 'at',
      render: (at: string) => <span className="log-time">{formatSeconds(at)}</span>,
    },
    {
      title: t('columns.device'),
      key: 'device',
      className: 'admin-table__name',
      render: (_, r) =>
        mayOpen && r.deviceName ? (
          <Link to={adminPath('adminDeviceDetail', r.deviceId)}>{r.deviceName}</Link>
        ) : (
          r.deviceName || '—'
        ),
    },
    {
      title: t('columns.group'),
      dataIndex: 'groupName',
      responsive: WIDE,
      render: (g: string) => g || '—',
    },
  ];
}

/** The monitoring log: kind, change, path and the file's SHA-256 now. */
export function useMonitorColumns(): ColumnsType<TLogItem> {
  const { t } = useTranslation('adminLogs');
  const word = useLogWord();
  return [
    ...useBaseColumns<TLogItem>(),
    {
      title: t('columns.kind'),
      dataIndex: 'kind',
      responsive: WIDE,
      render: (k: string) => word('kind', k),
    },
    {
      title: t('columns.change'),
      dataIndex: 'action',
      render: (a: string) => <LogTag family="action" value={a} />,
    },
    { title: t('columns.path'), dataIndex: 'path', render: (p: string) => <LongText text={p} /> },
    {
      title: t('columns.sha256'),
      dataIndex: 'sha256',
      responsive: WIDE,
      render: (s: string) => <ShortHash sha256={s} />,
    },
  ];
}

/** The access-control log: operation, outcome, program, the engine's user and the path. */
export function useAccessColumns(): ColumnsType<TLogItem> {
  const { t } = useTranslation('adminLogs');
  const word = useLogWord();
  return [
    ...useBaseColumns<TLogItem>(),
    { title: t('columns.action'), dataIndex: 'action', render: (a: string) => word('action', a) },
    {
      title: t('columns.outcome'),
      dataIndex: 'outcome',
      render: (o: string) => <LogTag family="outcome" value={o} />,
    },
    {
      title: t('columns.program'),
      dataIndex: 'program',
      responsive: WIDE,
      render: (p: string) => <LongText text={p} />,
    },
    {
      title: t('columns.user'),
      dataIndex: 'user',
      responsive: WIDE,
      render: (u: string) => u || '—',
    },
    { title: t('columns.path'), dataIndex: 'path', render: (p: string) => <LongText text={p} /> },
  ];
}
