import { Link } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TTaskItem } from '@edp/shared/contracts/tasks';
import { ListPage } from '../../../components/list-page.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useAdminUser } from '../../admin-common/lib/admin-user.ts';
import { quietWhileLive, useTaskList, useTaskOperators } from '../api/tasks.ts';
import { StateTag, TaskProgress, useTypeWords } from '../parts/task-labels.tsx';
import { TaskFilters } from '../components/task-filters.tsx';
import '../../admin-common/components/console-parts.css';
import { argPath, isOpen, LIVE_REFRESH_MS } from '../lib/task-lib.ts';
import '../lib/task-locales.ts';
import { useTaskListState } from '../lib/use-task-list-state.ts';
import { adminPath } from '../../../lib/admin-paths.ts';

/** What a task acts on: its folder, or the engine version it brings. */
export function taskTarget(task: Pick<TTaskItem, 'args'>): string {
  const path = argPath(task.args);
  if (path) return path;
  return typeof task.args.version === 'string' ? task.args.version : '—';
}

/**
 * Tasks (security operator; issue 23): newest first with each one's progress by state,
 * filtered by status, type, operator and creation time, kept in the address with the page; the
 * list asks again every few seconds while a task it shows is open, and stops when none is.
 */
export default function AdminTasksPage() {
  const { t } = useTranslation('adminTasks');
  const { t: tm } = useTranslation('menu');
  const typeWords = useTypeWords();
  const user = useAdminUser();
  const { state, setFilter, paging } = useTaskListState();
  const filter = state.filter;
  const list = useTaskList({ ...paging.params, ...filter });
  // Who made the tasks the caller sees (the server scopes them as the list: a security
  // operator cannot list the tenant's users), with the signed-in user first.
  const made = useTaskOperators();
  const operators = [
    ...(user ? [{ value: user.id, label: t('list.filters.me', { account: user.account }) }] : []),
    ...(made.data?.list ?? [])
      .filter((o) => o.id !== user?.id)
      .map((o) => ({ value: o.id, label: o.account })),
  ];
  const shown = list.data?.list ?? [];
  const live = shown.some((task) => isOpen(task.status));
  const filtered = Object.values(filter).some((v) => v !== undefined);

  const columns: ColumnsType<TTaskItem> = [
    {
      title: t('list.columns.name'),
      dataIndex: 'name',
      className: 'admin-table__name',
      render: (name: string, task) => (
        <Link to={adminPath('adminTaskDetail', task.id)}>{name}</Link>
      ),
    },
    {
      title: t('list.columns.type'),
      dataIndex: 'type',
      render: (type: string) => typeWords(type),
    },
    {
      title: t('list.columns.path'),
      key: 'path',
      render: (_, task) => <span className="task-path">{taskTarget(task)}</span>,
    },
    {
      title: t('list.columns.status'),
      dataIndex: 'status',
      render: (status: TTaskItem['status']) => <StateTag state={status} />,
    },
    {
      title: t('list.columns.progress'),
      key: 'progress',
      render: (_, task) => <TaskProgress counts={task.counts} total={task.total} />,
    },
    {
      title: t('list.columns.operator'),
      key: 'operator',
      render: (_, task) => task.operator.account,
    },
    {
      title: t('list.columns.createdAt'),
      dataIndex: 'createdAt',
      render: (at: string) => <span className="device-time">{formatTime(at)}</span>,
    },
    {
      title: t('list.columns.updatedAt'),
      dataIndex: 'updatedAt',
      render: (at: string) => <span className="device-time">{formatTime(at)}</span>,
    },
  ];

  return (
    <ListPage<TTaskItem>
      title={tm('adminTasks')}
      filters={<TaskFilters value={filter} operators={operators} onChange={setFilter} />}
      above={
        live && (
          <p role="status" className="task-live">
            {t('list.live', { seconds: LIVE_REFRESH_MS / 1000 })}
          </p>
        )
      }
      query={quietWhileLive(list)}
      paging={paging}
      columns={columns}
      emptyText={filtered ? t('list.emptyFiltered') : t('list.empty')}
    />
  );
}
