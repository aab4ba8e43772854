import { Alert, Button, Descriptions, Modal, Result, Skeleton } from 'antd';
import { ReloadOutlined, RedoOutlined, StopOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cancelTask, retryTask } from '@edp/shared/api/console/tasks.calls';
import type { TTaskItem } from '@edp/shared/contracts/tasks';
import { CommonErr } from '@edp/shared/errors/common';
import { PageContainer } from '../../../components/page-container.tsx';
import { formatTime } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useCancelTask, useRefreshTask, useRetryTask, useTaskInfo } from '../api/tasks.ts';
import { CommandTable } from '../parts/command-table.tsx';
import { StateTag, TaskProgress, useTypeWords } from '../parts/task-labels.tsx';
import '../../admin-common/components/console-parts.css';
import { argPath, isOpen, LIVE_REFRESH_MS, retryCount } from '../lib/task-lib.ts';
import '../lib/task-locales.ts';
import { adminPath } from '../../../lib/admin-paths.ts';

/** Cancel (what still waits) and retry (what failed or timed out), each after a confirmation. */
function TaskActions({ task }: { task: TTaskItem }) {
  const { t } = useTranslation('adminTasks');
  const [modal, holder] = Modal.useModal();
  const mayCancel = useMayCall(cancelTask);
  const mayRetry = useMayCall(retryTask);
  const cancel = useCancelTask();
  const retry = useRetryTask();
  const refresh = useRefreshTask();
  const waiting = task.counts.waiting;
  const again = retryCount(task.counts);

  const confirmCancel = async () => {
    const sure = await modal.confirm({
      title: t('detail.cancelTitle', { name: task.name }),
      content: t('detail.cancelContent', { count: waiting }),
      okText: t('detail.cancel'),
      cancelText: t('detail.keep'),
      okButtonProps: { danger: true },
    });
    if (!sure) return;
    const done = await cancel.mutateAsync(task.id).catch(() => undefined);
    if (done) toastSuccess(t('detail.toasts.cancelled', { count: done.affected }));
  };
  const confirmRetry = async () => {
    const sure = await modal.confirm({
      title: t('detail.retryTitle'),
      content: t('detail.retryContent', { count: again }),
      okText: t('detail.retry'),
    });
    if (!sure) return;
    const done = await retry.mutateAsync(task.id).catch(() => undefined);
    if (done) toastSuccess(t('detail.toasts.retried', { count: done.affected }));
  };

  return (
    <div className="device-toolbar device-actions" role="group" aria-label={t('detail.actions')}>
      {holder}
      <Button
        icon={<ReloadOutlined />}
        loading={refresh.isPending}
        onClick={() => refresh.mutate(task.id)}
      >
        {t('detail.refresh')}
      </Button>
      {mayRetry && again > 0 && (
        <Button
          icon={<RedoOutlined />}
          loading={retry.isPending}
          onClick={() => void confirmRetry()}
        >
          {t('detail.retry')}
        </Button>
      )}
      {mayCancel && waiting > 0 && (
        <Button
          danger
          icon={<StopOutlined />}
          loading={cancel.isPending}
          onClick={() => void confirmCancel()}
        >
          {t('detail.cancel')}
        </Button>
      )}
    </div>
  );
}

function Summary({ task }: { task: TTaskItem }) {
  const { t } = useTranslation('adminTasks');
  const typeWords = useTypeWords();
  const path = argPath(task.args);
  const version = typeof task.args.version === 'string' ? task.args.version : undefined;
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      className="device-detail task-summary"
    >
      <Descriptions.Item label={t('detail.type')}>{typeWords(task.type)}</Descriptions.Item>
      <Descriptions.Item label={t('detail.status')}>
        <StateTag state={task.status} />
      </Descriptions.Item>
      {path !== undefined && (
        <Descriptions.Item label={t('detail.path')} span={2}>
          <span className="task-path">{path}</span>
        </Descriptions.Item>
      )}
      {version !== undefined && (
        <Descriptions.Item label={t('detail.version')} span={2}>
          {version}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('detail.progress')} span={2}>
        <TaskProgress counts={task.counts} total={task.total} legend />
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.total')}>{task.total}</Descriptions.Item>
      <Descriptions.Item label={t('detail.operator')}>{task.operator.account}</Descriptions.Item>
      <Descriptions.Item label={t('detail.createdAt')}>
        {formatTime(task.createdAt)}
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.updatedAt')}>
        {formatTime(task.updatedAt)}
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.expiresAt')}>
        {formatTime(task.expiresAt)}
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.id')}>{task.id}</Descriptions.Item>
      {task.error ? (
        <Descriptions.Item label={t('detail.error')} span={2}>
          {task.error}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/**
 * A task (/admin/tasks/:id): its summary with live progress, cancel and retry, and each device's
 * result with the engine's code and message, details in a drawer. While the task is open the
 * page asks again every few seconds.
 */
export default function AdminTaskDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('adminTasks');
  const { t: tm } = useTranslation('menu');
  const { t: tc } = useTranslation('common');
  const info = useTaskInfo(id);
  const back = <Link to={adminPath('adminTasks')}>{t('detail.back')}</Link>;

  if (info.isError) {
    const code = info.error instanceof ApiError ? info.error.errCode : undefined;
    const missing = code === CommonErr.NotFound || code === CommonErr.Invalid;
    return (
      <PageContainer title={tm('adminTaskDetail')}>
        <Result
          status={missing ? '404' : 'error'}
          title={
            <h2 className="admin-home__duty">
              {missing ? t('detail.notFound') : tc('request.serverError')}
            </h2>
          }
          subTitle={missing ? t('detail.notFoundSub') : info.error.message}
          extra={back}
        />
      </PageContainer>
    );
  }

  const task = info.data;
  const live = !!task && isOpen(task.status);
  return (
    <PageContainer
      title={task ? t('detail.title', { name: task.name }) : tm('adminTaskDetail')}
      extra={
        <div className="device-toolbar device-detail__extra">
          {task && <TaskActions task={task} />}
          {back}
        </div>
      }
    >
      {!task ? (
        <Skeleton active />
      ) : (
        <>
          {live && (
            <Alert
              type="info"
              showIcon
              role="status"
              title={t('detail.live', { seconds: LIVE_REFRESH_MS / 1000 })}
              style={{ marginBottom: 16 }}
            />
          )}
          <h2 className="task-detail__section">{t('detail.summary')}</h2>
          <Summary task={task} />
          <h2 className="task-detail__section">{t('detail.results')}</h2>
          <CommandTable of={{ taskId: task.id }} live={live} />
        </>
      )}
    </PageContainer>
  );
}
