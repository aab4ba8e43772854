import { useState } from 'react';
import { Button, Descriptions, Drawer, Select, Skeleton } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COMMAND_STATES, type CommandState } from '@edp/shared/contracts/commands-values';
import type { TCommandItem } from '@edp/shared/contracts/tasks';
import { ListTable } from '../../../components/list-table.tsx';
import { formatTime } from '../../../lib/format.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { quietWhileLive, useCommandDetail, useCommandList } from '../api/tasks.ts';
import { argPath } from '../lib/task-lib.ts';
import { StateTag, useTypeWords } from './task-labels.tsx';
import { adminPath } from '../../../lib/admin-paths.ts';

/** The task a command belongs to, by name, as a link to its page ("—": sent on its own). */
function TaskLink({ item }: { item: Pick<TCommandItem, 'taskId' | 'taskName'> }) {
  const { t } = useTranslation('adminTasks');
  if (!item.taskId) return <>—</>;
  return (
    <Link
      to={adminPath('adminTaskDetail', item.taskId)}
      aria-label={item.taskName ? t('commands.taskOf', { name: item.taskName }) : undefined}
    >
      {item.taskName ?? t('commands.openTask')}
    </Link>
  );
}

/** The engine's code and its meaning in the reader's words ("—" until it answers). */
function Outcome({ item }: { item: Pick<TCommandItem, 'code' | 'message'> }) {
  const { t } = useTranslation('adminTasks');
  if (item.code === null && !item.message) return <>{t('commands.notAnswered')}</>;
  return <>{item.message ?? '—'}</>;
}

/** One command's result in full: the engine's code, message in the reader's words, its own. */
export function CommandDrawer({ id, onClose }: { id?: string; onClose: () => void }) {
  const { t } = useTranslation('adminTasks');
  const typeWords = useTypeWords();
  const detail = useCommandDetail(id);
  const c = detail.data;
  return (
    <Drawer open={!!id} onClose={onClose} title={t('commands.detailTitle')} size="large">
      {!c ? (
        <Skeleton active />
      ) : (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('commands.device')}>
            <Link to={adminPath('adminDeviceDetail', c.deviceId)}>{c.deviceName}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.type')}>{typeWords(c.type)}</Descriptions.Item>
          {c.taskId && (
            <Descriptions.Item label={t('commands.task')}>
              <TaskLink item={c} />
            </Descriptions.Item>
          )}
          {argPath(c.args) && (
            <Descriptions.Item label={t('commands.path')}>
              <span className="task-path">{argPath(c.args)}</span>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('commands.state')}>
            <StateTag state={c.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.code')}>{c.code ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('commands.message')}>
            <Outcome item={c} />
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.engineMessage')}>
            <span lang="en">{c.engineMessage || t('commands.none')}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.detail')}>
            {c.detail === null || c.detail === undefined ? (
              t('commands.none')
            ) : (
              <pre className="task-json" tabIndex={0}>
                {JSON.stringify(c.detail, null, 2)}
              </pre>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.attempt')}>{c.attempt}</Descriptions.Item>
          <Descriptions.Item label={t('commands.operator')}>{c.operator}</Descriptions.Item>
          <Descriptions.Item label={t('commands.createdAt')}>
            {formatTime(c.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.deliveredAt')}>
            {formatTime(c.deliveredAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.finishedAt')}>
            {formatTime(c.finishedAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.deadline')}>
            {formatTime(c.deadline)}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.id')}>{c.id}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}

/**
 * A task's per-device results (`of: { taskId }`) or a device's commands (`of: { deviceId }`),
 * newest first, filterable by state, each with its details in a drawer. `live` asks again every
 * few seconds (an open task); rows still open do so by themselves.
 */
export function CommandTable({
  of,
  live = false,
}: {
  of: { taskId: string } | { deviceId: string };
  live?: boolean;
}) {
  const { t } = useTranslation('adminTasks');
  const typeWords = useTypeWords();
  const paging = usePaging();
  const [state, setState] = useState<CommandState>();
  const [open, setOpen] = useState<string>();
  const list = useCommandList({ ...of, ...paging.params, ...(state ? { state } : {}) }, live);
  const forTask = 'taskId' in of;

  const columns: ColumnsType<TCommandItem> = [
    forTask
      ? {
          title: t('commands.device'),
          dataIndex: 'deviceName',
          className: 'admin-table__name',
          render: (name: string, c) => (
            <Link to={adminPath('adminDeviceDetail', c.deviceId)}>{name}</Link>
          ),
        }
      : {
          title: t('commands.type'),
          dataIndex: 'type',
          className: 'admin-table__name',
          render: (type: string) => typeWords(type),
        },
    ...(forTask
      ? []
      : [
          {
            title: t('commands.path'),
            key: 'path',
            render: (_: unknown, c: TCommandItem) => (
              <span className="task-path">{argPath(c.args) ?? '—'}</span>
            ),
          },
        ]),
    {
      title: t('commands.state'),
      dataIndex: 'state',
      render: (s: CommandState) => <StateTag state={s} />,
    },
    { title: t('commands.code'), dataIndex: 'code', render: (code: number | null) => code ?? '—' },
    { title: t('commands.message'), key: 'message', render: (_, c) => <Outcome item={c} /> },
    ...(forTask
      ? [{ title: t('commands.attempt'), dataIndex: 'attempt' }]
      : [
          { title: t('commands.operator'), dataIndex: 'operator' },
          {
            title: t('commands.task'),
            key: 'task',
            render: (_: unknown, c: TCommandItem) => <TaskLink item={c} />,
          },
        ]),
    {
      title: t('commands.createdAt'),
      dataIndex: 'createdAt',
      render: (at: string) => <span className="device-time">{formatTime(at)}</span>,
    },
    {
      title: t('commands.finishedAt'),
      dataIndex: 'finishedAt',
      render: (at: string | null) => <span className="device-time">{formatTime(at)}</span>,
    },
    {
      title: t('commands.details'),
      key: 'details',
      className: 'admin-table__actions',
      render: (_, c) => (
        <Button
          type="link"
          size="small"
          aria-label={t('commands.detailsOf', {
            device: forTask ? c.deviceName : typeWords(c.type),
          })}
          onClick={() => setOpen(c.id)}
        >
          {t('commands.details')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <div className="device-toolbar">
        <Select<CommandState | ''>
          aria-label={t('detail.stateFilter')}
          value={state ?? ''}
          style={{ width: 180 }}
          onChange={(next) => {
            setState(next || undefined);
            paging.reset();
          }}
          options={[
            { value: '', label: `${t('detail.stateFilter')}${t('colon')}${t('detail.allStates')}` },
            ...COMMAND_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
          ]}
        />
      </div>
      <ListTable<TCommandItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list}
        loading={quietWhileLive(list).isFetching}
        emptyText={state ? t('commands.emptyFiltered') : t('commands.empty')}
        paging={paging}
        total={list.data?.total}
      />
      <CommandDrawer id={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
