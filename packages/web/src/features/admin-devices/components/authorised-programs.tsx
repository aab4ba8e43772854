import { useState } from 'react';
import { Button, Descriptions, Empty, Form, Input, Modal, Spin, Table } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TAuthorisedProgram, TCommandAnswer } from '@edp/shared/contracts/commands';
import { formatTime } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { readProgram, useAuthorise, useAuthorisedPrograms, useRevoke } from '../api/sync.ts';
import { formatSize } from '../../admin-tasks/lib/task-lib.ts';
import { SyncAlert } from '../../admin-common/components/sync-alert.tsx';
import { useAbsolutePathRules } from '../../admin-tasks/parts/task-form-parts.tsx';

type Program = TCommandAnswer<'view.program'>;

/** A program path, read by the engine (size, SHA-256), then authorised. */
function AddProgram({
  deviceId,
  disabled,
  onAuthorised,
}: {
  deviceId: string;
  disabled: boolean;
  /** The program was authorised: the list shows, with it. */
  onAuthorised: () => void;
}) {
  const { t } = useTranslation('adminTasks');
  const [form] = Form.useForm<{ path: string }>();
  const pathRules = useAbsolutePathRules();
  const [reading, setReading] = useState(false);
  const [read, setRead] = useState<Program>();
  const [error, setError] = useState<Error>();
  const authorise = useAuthorise(deviceId);

  const check = async ({ path }: { path: string }) => {
    setReading(true);
    setRead(undefined);
    setError(undefined);
    try {
      setRead(await readProgram(deviceId, path.trim()));
    } catch (e) {
      setError(e as Error);
    } finally {
      setReading(false);
    }
  };
  const add = async () => {
    if (!read) return;
    setError(undefined);
    try {
      const added = await authorise.mutateAsync(read.path);
      toastSuccess(t('device.programs.added', { path: added.path }));
      onAuthorised();
      setRead(undefined);
      form.resetFields();
    } catch (e) {
      setError(e as Error);
    }
  };

  return (
    <section aria-labelledby="add-program" style={{ marginTop: 16 }}>
      <h3 id="add-program" className="task-detail__section">
        {t('device.programs.add')}
      </h3>
      <p>{t('device.programs.checkHint')}</p>
      <Form
        form={form}
        layout="inline"
        name="read-program"
        onFinish={(v) => void check(v)}
        style={{ rowGap: 8, marginBottom: 12 }}
      >
        <Form.Item
          name="path"
          label={t('device.programs.path')}
          rules={pathRules}
          style={{ flex: '1 1 260px' }}
        >
          <Input spellCheck={false} autoComplete="off" disabled={disabled} />
        </Form.Item>
        <Button htmlType="submit" loading={reading} disabled={disabled}>
          {t('device.programs.check')}
        </Button>
      </Form>
      {reading && <p role="status">{t('device.sync.waiting')}</p>}
      {error && <SyncAlert error={error} />}
      {read && (
        <>
          <Descriptions bordered size="small" column={1} className="device-detail sync-answer">
            <Descriptions.Item label={t('device.programs.path')}>
              <span className="task-path">{read.path}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('device.programs.sha256')}>
              <span className="task-path" data-testid="program-sha256">
                {read.sha256}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('device.programs.size')}>
              {formatSize(read.size)}
            </Descriptions.Item>
            <Descriptions.Item label={t('device.programs.executable')}>
              {read.executable ? t('device.programs.yes') : t('device.programs.no')}
            </Descriptions.Item>
          </Descriptions>
          {read.authorised ? (
            <p role="status">{t('device.programs.alreadyAuthorised')}</p>
          ) : (
            <>
              {!read.executable && <p>{t('device.programs.notExecutable')}</p>}
              <Button type="primary" loading={authorise.isPending} onClick={() => void add()}>
                {t('device.programs.authorise')}
              </Button>
            </>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The programs a device's engine lets use protected data (`authorisedPrograms`, read on the
 * user's request only, never by itself: each read is a command): remove one after a
 * confirmation; add one by path once the engine has read its SHA-256. Failures show in place.
 */
export function AuthorisedPrograms({ deviceId, running }: { deviceId: string; running: boolean }) {
  const { t } = useTranslation('adminTasks');
  const { t: ta } = useTranslation('admin');
  const [modal, holder] = Modal.useModal();
  // Read on request only: each read is a command to the engine, and an audit entry.
  const [asked, setAsked] = useState(false);
  const programs = useAuthorisedPrograms(deviceId, running && asked);
  const revoke = useRevoke(deviceId);
  const [error, setError] = useState<Error>();

  const remove = async (p: TAuthorisedProgram) => {
    const sure = await modal.confirm({
      title: t('device.programs.removeTitle'),
      content: t('device.programs.removeContent', { path: p.path }),
      okText: t('device.programs.remove'),
      cancelText: ta('actions.cancel'),
      okButtonProps: { danger: true },
    });
    if (!sure) return;
    setError(undefined);
    try {
      await revoke.mutateAsync(p.path);
      toastSuccess(t('device.programs.removed', { path: p.path }));
    } catch (e) {
      setError(e as Error);
    }
  };

  let body;
  if (!asked) body = null;
  else if (programs.isFetching)
    body = (
      <Spin>
        <p role="status" style={{ padding: 24, textAlign: 'center' }}>
          {t('device.sync.waiting')}
        </p>
      </Spin>
    );
  else if (programs.isError)
    body = <SyncAlert error={programs.error} onRetry={() => void programs.refetch()} />;
  else
    body = (
      <Table<TAuthorisedProgram>
        className="admin-table"
        rowKey="path"
        size="small"
        pagination={false}
        dataSource={programs.data?.programs ?? []}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.programs.empty')} />
          ),
        }}
        columns={[
          {
            title: t('device.programs.path'),
            dataIndex: 'path',
            render: (path: string) => <span className="task-path">{path}</span>,
          },
          {
            title: t('device.programs.sha256'),
            dataIndex: 'sha256',
            render: (sha: string) => <span className="task-path">{sha}</span>,
          },
          {
            title: t('device.programs.addedAt'),
            dataIndex: 'addedAt',
            render: (at: string) => <span className="device-time">{formatTime(at)}</span>,
          },
          {
            title: ta('actions.actions'),
            key: 'actions',
            className: 'admin-table__actions',
            render: (_, p) => (
              <Button
                type="link"
                size="small"
                danger
                aria-label={t('device.programs.removeOf', { path: p.path })}
                onClick={() => void remove(p)}
              >
                {t('device.programs.remove')}
              </Button>
            ),
          },
        ]}
      />
    );

  return (
    <>
      {holder}
      <p>{t('device.programs.intro')}</p>
      <div className="device-toolbar">
        <Button
          icon={<ReloadOutlined />}
          disabled={!running || programs.isFetching}
          onClick={() => {
            setError(undefined);
            if (asked) void programs.refetch();
            else setAsked(true);
          }}
        >
          {asked ? t('device.programs.reload') : t('device.programs.load')}
        </Button>
      </div>
      {error && <SyncAlert error={error} />}
      {body}
      <AddProgram deviceId={deviceId} disabled={!running} onAuthorised={() => setAsked(true)} />
    </>
  );
}
